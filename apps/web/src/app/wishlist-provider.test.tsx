// @vitest-environment jsdom
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WishlistHeart } from '../components/wishlist-heart';
import { resetAlertReminderForTests } from '../features/wishlist/alert-reminder';
import { DEFAULT_SITE_SETTINGS, SiteSettingsContext, siteSettingsFrom } from '../lib/site-settings';
import { GUEST, type Viewer, ViewerContext } from '../lib/viewer';
import { envelope, stubFetch } from '../test/fetch-stub';
import { withQueryClient } from '../test/query-wrapper';
import { WishlistProvider } from './wishlist-provider';

configure({ asyncUtilTimeout: 5000 });

function renderHearts(options: { viewer?: Viewer; alerts?: boolean; hide?: boolean } = {}) {
  const codes = new Set<string>();
  stubFetch({
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
}

beforeEach(() => {
  window.localStorage.clear();
  resetAlertReminderForTests();
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  // As browsers do, a closed dialog reports it (also when closed by the app, not the shopper).
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

afterEach(() => {
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
    window.localStorage.setItem('cookie-consent', 'accepted');
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
