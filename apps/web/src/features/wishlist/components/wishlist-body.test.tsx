// @vitest-environment jsdom
import type { WishlistEntry } from '@shop/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_WISHLIST_STATE, type WishlistState } from '../wishlist-state';
import { WishlistBody } from './wishlist-page';

afterEach(cleanup);

function entry(code: string, available: boolean): WishlistEntry {
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
    HasAuthenticityCertificate: false,
    ProductList: '',
    Brand: '',
  };
}

function renderBody(entries: WishlistEntry[]) {
  const state: WishlistState = {
    ...INITIAL_WISHLIST_STATE,
    loadingState: 'DONE',
    entries,
    totalItems: entries.length,
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
    renderBody([entry('A1', true), entry('A2', false)]);
    expect(screen.getByRole('button', { name: 'Clean Up' })).toBeTruthy();
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
