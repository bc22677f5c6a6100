// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WishlistContext } from '../lib/wishlist';
import { makeItem } from '../test/product-fixtures';
import { ProductCard } from './product-card';

afterEach(cleanup);

describe('ProductCard', () => {
  it('shows title, category, store, condition, price, RRP, postage and the sale badge', () => {
    render(
      <ProductCard item={makeItem({ Sp: '$149.99', SpMinorUnits: 14999, Rrp: '$176.00', RrpMinorUnits: 17600 })} />,
    );
    const card = screen.getByRole('article', { name: 'Apple iPhone 13 128GB' });
    expect(within(card).getByRole('link', { name: 'Apple iPhone 13 128GB' }).getAttribute('href')).toBe(
      '/product/sh0000001/apple-iphone-13',
    );
    expect(within(card).getByText('Smartphones')).toBeTruthy();
    expect(within(card).getByText('Parramatta, NSW')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Condition: Very good, 4 out of 5' })).toBeTruthy();
    expect(within(card).getByText('$149.99')).toBeTruthy();
    expect(within(card).getByText('$176.00')).toBeTruthy();
    expect(within(card).getByText('10% OFF')).toBeTruthy();
    expect(within(card).getByText('Postage $9.95 or free pickup')).toBeTruthy();
  });

  it('offers its picture at 300 and 450 wide, lazily unless the card is in the first row', () => {
    const item = makeItem({ ImageUrl: '/c3api/images/product/SH0000001/1?w=450' });
    const { container, rerender } = render(<ProductCard item={item} />);
    const picture = container.querySelector('img.product-card__image') as HTMLImageElement;
    expect(picture.getAttribute('srcset')).toBe(
      '/c3api/images/product/SH0000001/1?w=300 300w, /c3api/images/product/SH0000001/1?w=450 450w',
    );
    expect(picture.getAttribute('sizes')).toContain('50vw');
    expect(picture.getAttribute('loading')).toBe('lazy');
    expect(picture.getAttribute('fetchpriority')).toBe('auto');
    rerender(<ProductCard item={item} priority />);
    expect(picture.getAttribute('loading')).toBe('eager');
    expect(picture.getAttribute('fetchpriority')).toBe('high');
  });

  it('hides the condition dots for condition 0 and the badge for a sold item', () => {
    render(
      <ProductCard item={makeItem({ Condition: 0, IsAvailable: false, SpMinorUnits: 100, RrpMinorUnits: 900 })} />,
    );
    expect(screen.queryByRole('img', { name: /Condition/ })).toBeNull();
    expect(screen.getByText('Sold')).toBeTruthy();
    expect(screen.queryByText(/OFF|SALE/)).toBeNull();
  });

  it('shows no wishlist heart while wishlists are off', () => {
    render(<ProductCard item={makeItem()} />);
    expect(screen.queryByRole('button', { name: /wishlist/ })).toBeNull();
  });

  it('shows the heart, not pressed, while wishlists are on', () => {
    render(
      <WishlistContext.Provider
        value={{ enabled: true, codes: new Set(), toggle: async () => true, refresh: async () => {}, syncError: null }}
      >
        <ProductCard item={makeItem()} />
      </WishlistContext.Provider>,
    );
    const heart = screen.getByRole('button', { name: 'Add Apple iPhone 13 128GB to wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
  });
});
