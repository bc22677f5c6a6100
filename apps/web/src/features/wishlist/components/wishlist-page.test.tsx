// @vitest-environment jsdom
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_SETTINGS, SiteSettingsContext, siteSettingsFrom } from '../../../lib/site-settings';
import { GUEST, type Viewer, ViewerContext } from '../../../lib/viewer';
import { installDialogPolyfill } from '../../../test/dialog.js';
import { envelope, type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { withQueryClient } from '../../../test/query-wrapper';
import { resetAlertsTooltipForTests } from './wishlist-alerts';
import { WishlistPage } from './wishlist-page';

configure({ asyncUtilTimeout: 5000 });

const CUSTOMER: Viewer = { kind: 'customer', email: 'ada@example.com', firstName: 'Ada', lastName: 'L' };

function renderPage(viewer: Viewer, alerts: boolean, acknowledged: unknown = { AlertEnabled: true }) {
  const calls = stubFetch({
    'GET /c3api/wishlist/query/page': () =>
      envelope({
        Token: null,
        ExpiryDate: null,
        Data: {
          Items: [],
          TotalItems: 0,
          TotalSoldItems: 0,
          SortOptions: [],
          PageSize: 20,
          WishlistId: 9,
          AlertEnabled: false,
        },
      }),
    'POST /c3api/wishlistalert/acknowledgefeature': () => envelope(acknowledged),
    'POST /c3api/wishlistalert/toggle': () => envelope(null, 500, 'Database unavailable'),
    'GET /c3api/cart/query': () => envelope({ totalPrice: '$0.00', stores: [], ProductChanges: [] }),
  });
  const settings = siteSettingsFrom({
    ...DEFAULT_SITE_SETTINGS,
    WishlistsEnabled: true,
    WishlistAlertsEnabled: alerts,
  });
  render(
    withQueryClient(
      <SiteSettingsContext.Provider value={settings}>
        <ViewerContext.Provider value={viewer}>
          <MemoryRouter initialEntries={['/wishlist']}>
            <WishlistPage />
          </MemoryRouter>
        </ViewerContext.Provider>
      </SiteSettingsContext.Provider>,
    ),
  );
  return calls;
}

const acknowledgements = (calls: RecordedCall[]) =>
  calls.filter((c) => c.url === '/c3api/wishlistalert/acknowledgefeature');

beforeEach(() => {
  window.localStorage.clear();
  resetAlertsTooltipForTests();
  vi.stubGlobal('scrollTo', () => {});
  installDialogPolyfill();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('wishlist alerts on the wishlist page', () => {
  it('acknowledges the feature once after the wishlist loads, and takes its answer', async () => {
    const calls = renderPage(CUSTOMER, true);
    await screen.findByRole('heading', { name: 'My Wishlist' });
    const toggle = screen.getByRole('switch', { name: 'Alerts' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(acknowledgements(calls)).toHaveLength(1);
  });

  it('has no switch and makes no call while the alerts feature is off', async () => {
    const calls = renderPage(CUSTOMER, false);
    await screen.findByRole('heading', { name: 'My Wishlist' });
    expect(screen.queryByRole('switch', { name: 'Alerts' })).toBeNull();
    expect(acknowledgements(calls)).toHaveLength(0);
  });

  it("acknowledges a visitor's wishlist by its token too, switch off", async () => {
    const calls = renderPage(GUEST, true, {
      WishlistId: null,
      AlertEnabled: false,
      AlertEmail: null,
      FirstAcknowledgement: false,
    });
    await screen.findByRole('heading', { name: 'My Wishlist' });
    expect(screen.getByRole('switch', { name: 'Alerts' }).getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect(acknowledgements(calls)).toHaveLength(1));
    expect(acknowledgements(calls)[0]?.body).toEqual({ Token: null });
    expect(screen.queryByText('You can manage your Wishlist Alerts here')).toBeNull();
  });

  it('introduces the switch with the tooltip the first time, and toggles the wishlist the answer names', async () => {
    const user = userEvent.setup();
    const calls = renderPage(CUSTOMER, true, {
      WishlistId: 77,
      AlertEnabled: true,
      AlertEmail: 'ada@example.com',
      FirstAcknowledgement: true,
    });
    expect(await screen.findByText('You can manage your Wishlist Alerts here')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByText('You can manage your Wishlist Alerts here')).toBeNull();
    const toggle = screen.getByRole('switch', { name: 'Alerts' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await user.click(toggle);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/c3api/wishlistalert/toggle')?.body).toEqual({
        WishlistId: 77,
        AlertEnabled: false,
        Email: null,
        VerificationCode: null,
      }),
    );
  });

  it("reports a failed switch-off with the page's prefix", async () => {
    const user = userEvent.setup();
    renderPage(CUSTOMER, true);
    const toggle = await screen.findByRole('switch', { name: 'Alerts' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await user.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not toggle alert for wishlist: Database unavailable',
    );
  });
});
