// @vitest-environment jsdom
import type { Cart, CartItem } from '@shop/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CartSummary } from './cart-modal';

afterEach(cleanup);

function item(n: number): CartItem {
  return {
    DisplayName: `Item ${n}`,
    ProductId: n,
    Price: '$10.00',
    PriceMinorUnits: 1000,
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
  };
}

function cart(count: number): Cart {
  const items = Array.from({ length: count }, (_, i) => item(i + 1));
  return {
    stores: [{ id: 1, name: 'Parramatta', items, totalMinorUnits: count * 1000, total: '$0.00' }],
    totalPrice: `$${count * 10}.00`,
    totalMinorUnits: count * 1000,
    itemCount: count,
    ProductChanges: [],
  };
}

function listOpen(): string | null {
  return screen.getByRole('button', { name: 'Items' }).getAttribute('aria-expanded');
}

describe('CartSummary', () => {
  it('shows the total and the postage note', () => {
    render(<CartSummary cart={cart(2)} screenWidth={1024} />);
    expect(screen.getByText('$20.00')).toBeTruthy();
    expect(screen.getByText('+ postage (if applicable)')).toBeTruthy();
  });

  it('starts the item list open with 4 items on a wide screen', () => {
    render(<CartSummary cart={cart(4)} screenWidth={1024} />);
    expect(listOpen()).toBe('true');
  });

  it('starts it collapsed with 5 or more items', () => {
    render(<CartSummary cart={cart(5)} screenWidth={1440} />);
    expect(listOpen()).toBe('false');
  });

  it('starts it collapsed on a screen narrower than 768', () => {
    render(<CartSummary cart={cart(1)} screenWidth={767} />);
    expect(listOpen()).toBe('false');
  });
});
