// @vitest-environment jsdom
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WishlistHeart } from '../components/wishlist-heart';
import { resetAlertReminderForTests } from '../features/wishlist/alert-reminder';
import { DEFAULT_SITE_SETTINGS, SiteSettingsContext, siteSettingsFrom } from '../lib/site-settings';
import { GUEST, type Viewer, ViewerContext } from '../lib/viewer';
import { forgetConsent, giveConsent } from '../test/consent';
import { installDialogPolyfill } from '../test/dialog.js';
import { envelope, stubFetch } from '../test/fetch-stub';
import { withQueryClient } from '../test/query-wrapper';
import { WishlistProvider } from './wishlist-provider';

configure({ asyncUtilTimeout: 5000 });

function renderHearts(options: { viewer?: Viewer; alerts?: boolean; hide?: boolean } = {}) {
  const codes = new Set<string>();
  const calls = stubFetch({
    'GET /c3api/wishlist/query/summary': () => envelope({ Token: 't', ExpiryDate: null, Data: [...codes] }),
    'POST /c3api/wishlist/add': (call) => {
      codes.add((call.body as { ItemCode: string }).ItemCode);
      return envelope({ Token: 't', ExpiryDate: null, Data: { HideWishlistAlertReminder: options.hide ?? false } });
    },
  });
  const settings = siteSettingsFrom({
    ...DEFAULT_SITE_SETTINGS,
    WishlistsEnabled: true,
    WishlistAlertsEnabled: options.alerts ?? true,
  });
  render(
    withQueryClient(
      <SiteSettingsContext.Provider value={settings}>
        <ViewerContext.Provider value={options.viewer ?? GUEST}>
          <MemoryRouter>
            <WishlistProvider>
              <WishlistHeart code="A1" title="Lamp" price={10} />
              <WishlistHeart code="B2" title="Clock" price={12} />
            </WishlistProvider>
          </MemoryRouter>
        </ViewerContext.Provider>
      </SiteSettingsContext.Provider>,
    ),
  );
  return calls;
}

beforeEach(() => {
  window.localStorage.clear();
  // A visitor's hearts save only with functional-cookie consent (tested on its own below).
  giveConsent('accepted');
  resetAlertReminderForTests();
  installDialogPolyfill();
});

afterEach(() => {
  forgetConsent();
  cleanup();
  vi.unstubAllGlobals();
});

const reminder = () => screen.queryByRole('dialog', { name: 'Wishlist alerts' });

describe('the guest wishlist alerts reminder', () => {
  it('appears after the first heart only, and Maybe later gives focus back to that heart', async () => {
    const user = userEvent.setup();
    renderHearts();
    const lamp = screen.getByRole('button', { name: 'Add Lamp to wishlist' });
    await user.click(lamp);
    const dialog = await screen.findByRole('dialog', { name: 'Wishlist alerts' });
    expect(within(dialog).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    await user.click(within(dialog).getByRole('button', { name: 'Maybe later' }));
    expect(reminder()).toBeNull();
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Remove Lamp from wishlist'));

    await user.click(screen.getByRole('button', { name: 'Add Clock to wishlist' }));
    await screen.findByRole('button', { name: 'Remove Clock from wishlist' });
    expect(reminder()).toBeNull();
  });

  it('is remembered across visits when functional storage is allowed', async () => {
    const user = userEvent.setup();
    giveConsent('accepted');
    renderHearts();
    await user.click(screen.getByRole('button', { name: 'Add Lamp to wishlist' }));
    await screen.findByRole('dialog', { name: 'Wishlist alerts' });
    expect(window.localStorage.getItem('wishlist-alert-reminder-seen')).toBe('1');
    cleanup();
    resetAlertReminderForTests();
    renderHearts();
    await user.click(screen.getByRole('button', { name: 'Add Lamp to wishlist' }));
    await screen.findByRole('button', { name: 'Remove Lamp from wishlist' });
    expect(reminder()).toBeNull();
  });

  it('is not shown when the reply hides it, to a customer, or while alerts are off', async () => {
    const user = userEvent.setup();
    for (const options of [
      { hide: true },
      { viewer: { kind: 'customer', email: 'a@b.co', firstName: 'A', lastName: 'B' } as Viewer },
      { alerts: false },
    ]) {
      renderHearts(options);
      await user.click(screen.getByRole('button', { name: 'Add Lamp to wishlist' }));
      await screen.findByRole('button', { name: 'Remove Lamp from wishlist' });
      expect(reminder()).toBeNull();
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});

describe('a heart without functional-cookie consent', () => {
  const adds = (calls: { url: string }[]) => calls.filter((c) => c.url === '/c3api/wishlist/add');

  it("asks a visitor first and saves nothing on 'Not now', handing focus back to the heart", async () => {
    const user = userEvent.setup();
    giveConsent('declined');
    const calls = renderHearts();
    const lamp = screen.getByRole('button', { name: 'Add Lamp to wishlist' });
    await user.click(lamp);
    const dialog = await screen.findByRole('dialog', { name: 'Your wishlist needs cookies' });
    expect(within(dialog).getByRole('link', { name: 'log in' }).getAttribute('href')).toBe('/login');
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog', { name: 'Your wishlist needs cookies' })).toBeNull();
    // The heart does not pretend: nothing was saved and it still offers to add.
    expect(adds(calls)).toHaveLength(0);
    expect(lamp.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(lamp));
    expect(window.localStorage.getItem('cookie-consent')).toBe('declined');
  });

  it("records consent and saves on 'Allow cookies and save'", async () => {
    const user = userEvent.setup();
    forgetConsent();
    const calls = renderHearts({ alerts: false });
    await user.click(screen.getByRole('button', { name: 'Add Lamp to wishlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your wishlist needs cookies' });
    await user.click(within(dialog).getByRole('button', { name: 'Allow cookies and save' }));
    await screen.findByRole('button', { name: 'Remove Lamp from wishlist' });
    expect(adds(calls)).toHaveLength(1);
    expect(window.localStorage.getItem('cookie-consent')).toBe('accepted');
    // The visitor's wishlist token is kept from now on.
    expect(window.localStorage.getItem('wishlist-token')).toBe('t');
  });

  it("saves a customer's heart at once: their wishlist is kept with their account", async () => {
    const user = userEvent.setup();
    giveConsent('declined');
    const calls = renderHearts({ viewer: { kind: 'customer', email: 'a@b.co', firstName: 'A', lastName: 'B' } });
    await user.click(screen.getByRole('button', { name: 'Add Lamp to wishlist' }));
    await screen.findByRole('button', { name: 'Remove Lamp from wishlist' });
    expect(adds(calls)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Your wishlist needs cookies' })).toBeNull();
  });
});
