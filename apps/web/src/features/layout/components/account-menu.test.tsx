// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type Viewer, ViewerContext } from '../../../lib/viewer';
import { AccountMenu } from './account-menu';

afterEach(cleanup);

function renderMenu(viewer: Viewer) {
  render(
    <ViewerContext.Provider value={viewer}>
      <MemoryRouter initialEntries={['/search-results?query=lamp']}>
        <AccountMenu />
      </MemoryRouter>
    </ViewerContext.Provider>,
  );
}

describe("the header's account entry", () => {
  it('offers a guest Login and Register, both coming back to this page', () => {
    renderMenu({ kind: 'guest' });
    const back = encodeURIComponent('/search-results?query=lamp');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(`/login?returnUrl=${back}`);
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(`/register?returnUrl=${back}`);
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
  });

  it('shows neither while whoami is being asked', () => {
    renderMenu({ kind: 'loading' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('gives a customer a menu under their first name with My Account and Sign out', async () => {
    const user = userEvent.setup();
    renderMenu({ kind: 'customer', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Account menu for Ada' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'My Account' })).toBeNull();
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/my-account');
    expect(screen.getByRole('link', { name: 'Sign out' }).getAttribute('href')).toBe('/logout');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Sign out' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
