// @vitest-environment jsdom
import type { WishlistEntry, WishlistPageValue } from '@shop/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WishlistBody } from './components/wishlist-page';
import { INITIAL_WISHLIST_STATE, type WishlistState, wishlistError, wishlistReducer } from './wishlist-state';

afterEach(cleanup);

function entry(code: string, overrides: Partial<WishlistEntry> = {}): WishlistEntry {
  return {
    Code: code,
    DisplayName: `Item ${code}`,
    ProductPageUrl: `/product/${code}/item`,
    ImageUrl: null,
    ItemType: 'Product',
    StoreNameAndState: 'Parramatta, NSW',
    SalePrice: '$10.00',
    RetailPrice: '$20.00',
    IsAvailable: true,
    IsInCart: false,
    IsCartBusy: false,
    ShippingLabel: '',
    ShippingCost: null,
    DisableInStorePickup: false,
    ItemUnavailableAsStoreDisabledPickup: false,
    HasAuthenticityCertificate: false,
    ProductList: '',
    Brand: '',
    ...overrides,
  };
}

function page(items: WishlistEntry[], total: number, sold = 0): WishlistPageValue['Data'] {
  return {
    Items: items,
    TotalItems: total,
    TotalSoldItems: sold,
    SortOptions: [{ displayName: 'Recently added', keyName: 'added', isDescending: true }],
    PageSize: 2,
    WishlistId: 1,
    AlertEnabled: false,
  };
}

function body(state: WishlistState) {
  render(
    <MemoryRouter>
      <WishlistBody
        state={state}
        onSort={vi.fn()}
        onLoadMore={vi.fn()}
        onCleanUp={vi.fn()}
        onRemove={vi.fn()}
        onCartResult={vi.fn()}
      />
    </MemoryRouter>,
  );
}

describe('wishlist loading states', () => {
  it('starts INITIAL at page 1 and says it is retrieving the wishlist', () => {
    expect(INITIAL_WISHLIST_STATE.loadingState).toBe('INITIAL');
    expect(INITIAL_WISHLIST_STATE.nextPage).toBe(1);
    body(INITIAL_WISHLIST_STATE);
    expect(screen.getByText('Retrieving your wishlist...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'My Wishlist' })).toBeNull();
  });

  it('goes DONE with the first page, then SUBSEQUENT while loading more, and appends', () => {
    let state = wishlistReducer(INITIAL_WISHLIST_STATE, {
      type: 'page-loaded',
      data: page([entry('A1'), entry('B2')], 3),
      replace: true,
    });
    expect(state.loadingState).toBe('DONE');
    expect(state.nextPage).toBe(2);
    expect(state.pageSize).toBe(2);
    expect(state.sortMode).toBe('added-');
    body(state);
    expect(screen.getByRole('heading', { name: 'My Wishlist' })).toBeTruthy();
    expect(screen.getByText('3 items')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load more' })).toHaveProperty('disabled', false);
    cleanup();

    state = wishlistReducer(state, { type: 'load-more' });
    expect(state.loadingState).toBe('SUBSEQUENT');
    body(state);
    expect(screen.getByRole('button', { name: 'Loading…' })).toHaveProperty('disabled', true);
    cleanup();

    state = wishlistReducer(state, { type: 'page-loaded', data: page([entry('C3')], 3), replace: false });
    expect(state.entries.map((e) => e.Code)).toEqual(['A1', 'B2', 'C3']);
    expect(state.nextPage).toBe(3);
    body(state);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('goes UPDATE for a sort or a removal, keeping the list, and a new sort starts again at page 1', () => {
    let state = wishlistReducer(INITIAL_WISHLIST_STATE, {
      type: 'page-loaded',
      data: page([entry('A1', { IsAvailable: false })], 1, 1),
      replace: true,
    });
    state = wishlistReducer(state, { type: 'update', sortMode: 'price+' });
    expect(state.loadingState).toBe('UPDATE');
    expect(state.sortMode).toBe('price+');
    body(state);
    expect(screen.getByText('1 item')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clean Up' })).toHaveProperty('disabled', true);
    cleanup();
    state = wishlistReducer(state, { type: 'page-loaded', data: page([entry('A1')], 1), replace: true });
    expect(state.nextPage).toBe(2);
    state = wishlistReducer(state, { type: 'removed', codes: ['A1'] });
    expect(state.loadingState).toBe('DONE');
    body(state);
    expect(screen.getByText("There doesn't seem to be anything here.")).toBeTruthy();
    expect(
      screen.getByText(
        'Try adding items to your wishlist. You can click the heart icon on the product page, or on any search results.',
      ),
    ).toBeTruthy();
  });

  it("keeps the server's sold count, and counts down what Clean Up or a removal took away", () => {
    let state = wishlistReducer(INITIAL_WISHLIST_STATE, {
      type: 'page-loaded',
      data: page([entry('A1'), entry('B2', { IsAvailable: false })], 5, 3),
      replace: true,
    });
    expect(state.soldItems).toBe(3);
    state = wishlistReducer(state, { type: 'removed', codes: ['B2'], sold: 1 });
    expect(state.soldItems).toBe(2);
    state = wishlistReducer(state, { type: 'removed', codes: ['A1'], sold: 0 });
    expect(state.soldItems).toBe(2);
    state = wishlistReducer(state, { type: 'removed', codes: ['C3', 'D4'], sold: 2 });
    expect(state.soldItems).toBe(0);
    body(state);
    expect(screen.queryByRole('button', { name: 'Clean Up' })).toBeNull();
  });

  it('follows the cart and writes errors with their prefix', () => {
    let state = wishlistReducer(INITIAL_WISHLIST_STATE, {
      type: 'page-loaded',
      data: page([entry('A1'), entry('B2')], 2),
      replace: true,
    });
    state = wishlistReducer(state, { type: 'cart-sync', inCart: (code) => code === 'B2' });
    expect(state.entries.map((e) => e.IsInCart)).toEqual([false, true]);
    expect(wishlistError('Could not list wishlist items', 'Token expired')).toBe(
      'Could not list wishlist items: Token expired',
    );
    expect(wishlistError('Could not clean up wishlist items', null)).toBe('Could not clean up wishlist items.');
    state = wishlistReducer(state, { type: 'failed', error: 'Could not clean up wishlist items.' });
    expect(state.loadingState).toBe('DONE');
    body(state);
    expect(screen.getByRole('alert').textContent).toBe('Could not clean up wishlist items.');
  });
});
