// @vitest-environment jsdom
import type { Cart, CartItem } from '@shop/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CartContext, type CartContextValue } from '../../../lib/cart';
import { withQueryClient } from '../../../test/query-wrapper';
import { CartContents } from './cart-modal';

afterEach(cleanup);

function item(n: number, name: string, price: string, overrides: Partial<CartItem> = {}): CartItem {
  return {
    DisplayName: name,
    ProductId: n,
    Price: price,
    PriceMinorUnits: 0,
    Category: 'Lamps',
    Brand: '',
    Discount: 0,
    Coupon: null,
    ImageUrl: null,
    StoreName: 'Parramatta',
    Promotion: null,
    DepartmentCategory: '',
    itemType: 'Product',
    id: `SH${n}`,
    image: null,
    productDetailsLink: `/product/sh${n}/item`,
    StateHash: 'abc',
    IsAvailable: true,
    ...overrides,
  };
}

/** A cart whose lamp got dearer, chair cheaper, table retitled and stool sold since they were added. */
const cart: Cart = {
  stores: [
    {
      id: 1,
      name: 'Parramatta',
      items: [
        item(1, 'Lamp', '$55.00'),
        item(2, 'Chair', '$18.00'),
        item(3, 'Table', '$90.00'),
        item(4, 'Stool', '$12.00', { IsAvailable: false }),
        item(5, 'Rug', '$40.00'),
      ],
      totalMinorUnits: 20300,
      total: '$203.00',
    },
  ],
  totalPrice: '$203.00',
  totalMinorUnits: 20300,
  itemCount: 5,
  ProductChanges: [
    { id: 1, newPrice: 5500, oldPrice: 5000, changeTypes: 2 },
    { id: 2, newPrice: 1800, oldPrice: 2000, changeTypes: 4 },
    { id: 3, newPrice: 9000, oldPrice: 9000, changeTypes: 1 },
    { id: 4, newPrice: 1200, oldPrice: 1200, changeTypes: 8 },
  ],
};

function renderContents(onPage: boolean) {
  const value: CartContextValue = {
    cart,
    isLoading: false,
    modalOpen: true,
    openModal: () => {},
    closeModal: () => {},
    setCart: () => {},
    refresh: async () => {},
    remove: async () => {},
  };
  render(
    withQueryClient(
      <MemoryRouter>
        <CartContext.Provider value={value}>
          <CartContents onPage={onPage} />
        </CartContext.Provider>
      </MemoryRouter>,
    ),
  );
}

function line(name: string): HTMLElement {
  const row = screen.getByRole('link', { name }).closest('li');
  if (!row) throw new Error(`no line for ${name}`);
  return row;
}

describe.each([
  ['the cart modal', false],
  ['the /cart page', true],
])('%s', (_where, onPage) => {
  it("shows on each line what changed since it was added, in the spec's words", () => {
    renderContents(onPage);
    expect(within(line('Lamp')).getByText('Lamp: price has increased.')).toBeTruthy();
    expect(within(line('Lamp')).getByText('$50.00').tagName).toBe('S');
    expect(within(line('Chair')).getByText('Chair: price has decreased.')).toBeTruthy();
    expect(within(line('Chair')).getByText('$20.00').tagName).toBe('S');
    expect(within(line('Table')).getByText('Table: details have changed.')).toBeTruthy();
    expect(
      within(line('Stool')).getByText(
        "Stool: item no longer available and can't be purchased, remove it from the cart.",
      ),
    ).toBeTruthy();
    expect(within(line('Stool')).getByText('Sold')).toBeTruthy();
  });

  it('says nothing more about a line that has not changed', () => {
    renderContents(onPage);
    expect(within(line('Rug')).queryByRole('list')).toBeNull();
    expect(within(line('Rug')).queryByText(/has (increased|decreased|changed)/)).toBeNull();
  });
});
