// @vitest-environment jsdom
import type { AccountOverviewValue } from '@shop/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountDashboard } from './account-dashboard';

afterEach(cleanup);

function overview(flags: { wishlists: boolean; savedSearches: boolean }): AccountOverviewValue {
  return {
    Orders: { LatestOrder: null, OrderCount: 0 },
    Wishlist: { WishlistsEnabled: flags.wishlists, NumItems: 3 },
    SavedSearches: { SavedSearchesEnabled: flags.savedSearches, NumItems: 1 },
  };
}

function renderDashboard(value: AccountOverviewValue) {
  render(
    <MemoryRouter>
      <AccountDashboard overview={value} />
    </MemoryRouter>,
  );
}

const tile = (name: string) => screen.queryByRole('link', { name });

describe('the My Shopping dashboard', () => {
  it('shows every tile with its link and count when both flags are on', () => {
    renderDashboard(overview({ wishlists: true, savedSearches: true }));
    expect(tile('Shop Orders')?.getAttribute('href')).toBe('/my-account/orders');
    expect(tile('My Wishlist')?.getAttribute('href')).toBe('/wishlist');
    expect(tile('My Saved Searches')?.getAttribute('href')).toBe('/my-account/saved-searches');
    expect(screen.getByText('3 items')).toBeTruthy();
    expect(screen.getByText('1 saved search')).toBeTruthy();
  });

  it('hides the wishlist tile when wishlists are off', () => {
    renderDashboard(overview({ wishlists: false, savedSearches: true }));
    expect(tile('My Wishlist')).toBeNull();
    expect(tile('My Saved Searches')).toBeTruthy();
  });

  it('hides the saved-searches tile when saved searches are off', () => {
    renderDashboard(overview({ wishlists: true, savedSearches: false }));
    expect(tile('My Saved Searches')).toBeNull();
    expect(tile('My Wishlist')).toBeTruthy();
  });

  it('says there are no orders yet, with a way to start shopping', () => {
    renderDashboard(overview({ wishlists: false, savedSearches: false }));
    expect(screen.getByText(/You have no orders yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start shopping' }).getAttribute('href')).toBe('/search-results');
  });

  it('shows the latest order and the count once there are orders', () => {
    renderDashboard({
      ...overview({ wishlists: false, savedSearches: false }),
      Orders: {
        OrderCount: 2,
        LatestOrder: {
          orderNumber: 'SH-1002',
          orderDateTime: '2026-01-02T03:04:05Z',
          itemCount: 1,
          storeCount: 1,
          price: '$25.00',
          status: 'Processing',
        },
      },
    });
    const latest = screen.getByRole('link', { name: 'SH-1002' });
    expect(latest.getAttribute('href')).toBe('/my-account/orders/SH-1002');
    // The date in the region's zone (AU by default: 03:04 UTC is 13:04 AEST, the same day).
    expect(screen.getByText('02/01/2026')).toBeTruthy();
    expect(screen.getByText('$25.00')).toBeTruthy();
    expect(screen.getByText('Processing')).toBeTruthy();
    expect(screen.getByText('2 orders in total')).toBeTruthy();
    expect(screen.queryByText(/You have no orders yet/)).toBeNull();
  });

  it('links to the profile, password and passkeys pages', () => {
    renderDashboard(overview({ wishlists: false, savedSearches: false }));
    expect(tile('My Details')?.getAttribute('href')).toBe('/my-account/profile');
    expect(tile('Password')?.getAttribute('href')).toBe('/my-account/password');
    expect(tile('Passkeys')?.getAttribute('href')).toBe('/my-account/passkeys');
  });
});
