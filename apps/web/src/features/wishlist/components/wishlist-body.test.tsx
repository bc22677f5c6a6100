// @vitest-environment jsdom
import type { WishlistEntry } from '@shop/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_WISHLIST_STATE, type WishlistState } from '../wishlist-state';
import { WishlistBody } from './wishlist-page';

afterEach(cleanup);

function entry(code: string, available: boolean, overrides: Partial<WishlistEntry> = {}): WishlistEntry {
  return {
    Code: code,
    DisplayName: `Item ${code}`,
    ProductPageUrl: `/product/${code}`,
    ImageUrl: null,
    ItemType: 'Product',
    StoreNameAndState: 'Parramatta, NSW',
    SalePrice: '$20.00',
    RetailPrice: '$20.00',
    IsAvailable: available,
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

/** `soldItems`: the server's count of sold items over the whole wishlist. */
function renderBody(entries: WishlistEntry[], soldItems = 0, totalItems = entries.length) {
  const state: WishlistState = {
    ...INITIAL_WISHLIST_STATE,
    loadingState: 'DONE',
    entries,
    totalItems,
    soldItems,
    sortMode: 'added-',
    sortOptions: [{ displayName: 'Newest first', keyName: 'added', isDescending: true }],
  };
  const { container } = render(
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
  return container;
}

describe('the wishlist page body', () => {
  it('puts the heading first, then the count and sort, and offers Clean Up only with a sold item listed', () => {
    const container = renderBody([entry('A1', true), entry('A2', true)]);
    const heading = screen.getByRole('heading', { level: 1, name: 'My Wishlist' });
    const count = screen.getByText('2 items');
    // The heading comes before the count in reading order.
    expect(heading.compareDocumentPosition(count) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(container.querySelector('header h1, header p, header button')).toBe(heading);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clean Up' })).toBeNull();
  });

  it('offers Clean Up once an item has sold', () => {
    renderBody([entry('A1', true), entry('A2', false)], 1);
    expect(screen.getByRole('button', { name: 'Clean Up' })).toBeTruthy();
  });

  it("offers Clean Up by the server's count when the sold item is on a page not loaded yet", () => {
    renderBody([entry('A1', true), entry('A2', true)], 1, 30);
    expect(screen.getByRole('button', { name: 'Clean Up' })).toBeTruthy();
  });

  it('offers no Clean Up for an item that is only reserved, which Clean Up would not remove', () => {
    renderBody([entry('A1', true), entry('A2', false)], 0);
    expect(screen.queryByRole('button', { name: 'Clean Up' })).toBeNull();
  });

  it("prices an item whose store turned pickup off 'Contact store for options', and it cannot be added", () => {
    renderBody([entry('A1', true, { ItemUnavailableAsStoreDisabledPickup: true }), entry('A2', false)], 1);
    const closed = screen.getByRole('article', { name: 'Item A1' });
    expect(within(closed).getByText('Contact store for options')).toBeTruthy();
    expect(within(closed).queryByText('$20.00')).toBeNull();
    expect(within(closed).getByRole('button', { name: 'Add Item A1 to cart' })).toHaveProperty('disabled', true);
    expect(within(screen.getByRole('article', { name: 'Item A2' })).getByText('Sold')).toBeTruthy();
  });

  it('shows the empty texts with a way to start shopping, and no Clean Up or sort', () => {
    renderBody([]);
    expect(screen.getByText("There doesn't seem to be anything here.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start shopping' }).getAttribute('href')).toBe('/shop');
    expect(screen.getByText('0 items')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clean Up' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
  });
});
