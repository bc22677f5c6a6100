// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetConsent, giveConsent } from '../../../test/consent';
import { withQueryClient } from '../../../test/query-wrapper';
import { CookieConsent } from './cookie-consent';
import { SiteFooter } from './site-footer';

beforeEach(() => {
  window.localStorage.clear();
  // The footer's regulatory notice is not part of these tests: it never arrives.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
});
afterEach(() => {
  forgetConsent();
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  render(
    withQueryClient(
      <MemoryRouter>
        <SiteFooter />
        <CookieConsent />
      </MemoryRouter>,
    ),
  );
}

const banner = () => screen.queryByRole('region', { name: 'Cookies on this site' });

describe('the cookie choice', () => {
  it('is asked until answered, then stays away', async () => {
    const user = userEvent.setup();
    renderPage();
    const region = banner();
    if (!region) throw new Error('no banner');
    await user.click(within(region).getByRole('button', { name: 'Decline' }));
    expect(banner()).toBeNull();
    expect(window.localStorage.getItem('cookie-consent')).toBe('declined');
  });

  it("can be changed later from the footer's 'Cookie settings', which hands focus back afterwards", async () => {
    const user = userEvent.setup();
    giveConsent('declined');
    renderPage();
    expect(banner()).toBeNull();
    const link = screen.getByRole('link', { name: 'Cookie settings' });
    await user.click(link);
    const region = banner();
    if (!region) throw new Error('the banner did not come back');
    // Focus moves to the banner, which says what was chosen before.
    expect(document.activeElement).toBe(within(region).getByRole('heading', { name: 'Cookies on this site' }));
    expect(within(region).getByText(/You have declined these cookies/)).toBeTruthy();
    await user.click(within(region).getByRole('button', { name: 'Accept' }));
    expect(banner()).toBeNull();
    expect(window.localStorage.getItem('cookie-consent')).toBe('accepted');
    expect(document.activeElement).toBe(link);
  });
});
