// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WishlistPage } from '../features/wishlist/components/wishlist-page';
import { finishSignIn } from '../lib/session';
import { DEFAULT_SITE_SETTINGS, SiteSettingsContext, siteSettingsFrom } from '../lib/site-settings';
import { GUEST, type Viewer, ViewerContext } from '../lib/viewer';
import { forgetWishlistToken, keepWishlistToken, noteWishlistMergeFailure } from '../lib/wishlist';
import { forgetConsent, giveConsent } from '../test/consent';
import { installDialogPolyfill } from '../test/dialog.js';
import { envelope, type RecordedCall, stubFetch } from '../test/fetch-stub';
import { withQueryClient } from '../test/query-wrapper';
import { WishlistProvider } from './wishlist-provider';

configure({ asyncUtilTimeout: 5000 });

const CUSTOMER: Viewer = { kind: 'customer', email: 'ada@example.com', firstName: 'Ada', lastName: 'L' };

const emptyPage = () =>
  envelope({
    Token: 't',
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
  });

function renderWishlist(viewer: Viewer, summary: (call: RecordedCall) => Response | Promise<Response>) {
  stubFetch({
    'GET /c3api/wishlist/query/summary': summary,
    'GET /c3api/wishlist/query/page': emptyPage,
  });
  render(
    withQueryClient(
      <SiteSettingsContext.Provider value={siteSettingsFrom({ ...DEFAULT_SITE_SETTINGS, WishlistsEnabled: true })}>
        <ViewerContext.Provider value={viewer}>
          <MemoryRouter initialEntries={['/wishlist']}>
            <WishlistProvider>
              <WishlistPage />
            </WishlistProvider>
          </MemoryRouter>
        </ViewerContext.Provider>
      </SiteSettingsContext.Provider>,
    ),
  );
}

const inSync = () => envelope({ Token: 't', ExpiryDate: null, Data: [] });

beforeEach(() => {
  giveConsent('accepted');
  forgetWishlistToken();
  noteWishlistMergeFailure(null);
  vi.stubGlobal('scrollTo', () => {});
  installDialogPolyfill();
});

afterEach(() => {
  cleanup();
  forgetConsent();
  noteWishlistMergeFailure(null);
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('a wishlist out of sync', () => {
  it("says so on the wishlist page with the server's message when the summary fails", async () => {
    keepWishlistToken({ Token: 't', ExpiryDate: null });
    renderWishlist(GUEST, () => envelope(null, 500, 'Database unavailable'));
    expect(await screen.findByText('Could not maintain wishlist sync: Database unavailable')).toBeTruthy();
  });

  it('says the request failed when the summary cannot be fetched at all', async () => {
    renderWishlist(CUSTOMER, () => {
      throw new TypeError('Failed to fetch');
    });
    expect(
      await screen.findByText(
        'Could not maintain wishlist sync: Unknown error. Please refresh the page and try again.',
      ),
    ).toBeTruthy();
  });

  it('ends with the prefix and a full stop when the server gives no message', async () => {
    renderWishlist(CUSTOMER, () => envelope(null, 400, ''));
    expect(await screen.findByText('Could not maintain wishlist sync.')).toBeTruthy();
  });

  it('says nothing while the summary answers', async () => {
    renderWishlist(CUSTOMER, inSync);
    await screen.findByRole('heading', { name: 'My Wishlist' });
    await waitFor(() => expect(screen.queryByText(/Could not maintain wishlist sync/)).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reports a guest wishlist that failed to merge at sign-in, until a merge works', async () => {
    keepWishlistToken({ Token: 'guest-token', ExpiryDate: null });
    stubFetch({
      'GET /c3api/wishlist/merge': () => envelope(null, 409, 'The wishlist is full'),
      'GET /c3api/whoami': () => envelope({ Email: 'ada@example.com' }),
    });
    await finishSignIn(new QueryClient());
    renderWishlist(CUSTOMER, inSync);
    expect(await screen.findByText('Could not maintain wishlist sync: The wishlist is full')).toBeTruthy();

    cleanup();
    stubFetch({
      'GET /c3api/wishlist/merge': () => envelope({ Summary: [], ViewModel: {} }),
      'GET /c3api/whoami': () => envelope({ Email: 'ada@example.com' }),
    });
    await finishSignIn(new QueryClient());
    renderWishlist(CUSTOMER, inSync);
    await screen.findByRole('heading', { name: 'My Wishlist' });
    expect(screen.queryByText(/Could not maintain wishlist sync/)).toBeNull();
  });
});
