// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type Viewer, ViewerContext } from '../../../lib/viewer';
import { AccountWidget } from './account-widget';

afterEach(cleanup);

function renderWidget(viewer: Viewer) {
  render(
    <ViewerContext.Provider value={viewer}>
      <MemoryRouter initialEntries={['/product/SH1/blue-lamp?ref=home']}>
        <AccountWidget />
      </MemoryRouter>
    </ViewerContext.Provider>,
  );
}

const customer = (firstName: string): Viewer => ({
  kind: 'customer',
  email: 'x@example.com',
  firstName,
  lastName: 'Y',
});

describe('the product page account widget', () => {
  it('offers a guest a login link that comes back to this item', () => {
    renderWidget({ kind: 'guest' });
    const link = screen.getByRole('link', { name: 'Login / Register' });
    expect(link.getAttribute('href')).toBe('/login?returnUrl=%2Fproduct%2FSH1%2Fblue-lamp%3Fref%3Dhome');
  });

  it('shows the login link until whoami has answered', () => {
    renderWidget({ kind: 'loading' });
    expect(screen.getByRole('link', { name: 'Login / Register' })).toBeTruthy();
  });

  it('greets a signed-in customer by a first name of up to 14 characters as it is', () => {
    renderWidget(customer('Maximiliannnnn'));
    expect(screen.getByText('Hi, Maximiliannnnn')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login / Register' })).toBeNull();
  });

  it('shortens a longer name to its first 13 characters and an ellipsis', () => {
    renderWidget(customer('Bartholomewsmith'));
    expect(screen.getByText('Hi, Bartholomewsm…')).toBeTruthy();
  });
});
