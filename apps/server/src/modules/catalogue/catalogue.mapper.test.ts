import { describe, expect, it } from 'vitest';
import { promotionOf, shippingOf } from './catalogue.mapper.js';

const priced = (rrp: number, price: number, promo: Partial<Parameters<typeof promotionOf>[0]> = {}) => ({
  rrp_minor: rrp,
  price_minor: price,
  promo_method: null,
  promo_amount: null,
  promo_code: null,
  ...promo,
});

describe('promotionOf', () => {
  it('keeps a percentage promotion whose was and now prices are that percentage apart', () => {
    expect(promotionOf(priced(40_000, 36_000, { promo_method: 'Percentage', promo_amount: 10 }))).toEqual({
      DiscountMethod: 'Percentage',
      DiscountAmount: 10,
      DiscountCode: null,
    });
    // 25% of $59.99 is not whole cents: rounded to the whole percent the badge shows.
    expect(promotionOf(priced(5999, 4499, { promo_method: 'Percentage', promo_amount: 25 }))).not.toBeNull();
  });

  it("drops a percentage promotion the prices contradict ('10% OFF' over prices 24% apart, or none apart)", () => {
    expect(promotionOf(priced(79_900, 60_700, { promo_method: 'Percentage', promo_amount: 10 }))).toBeNull();
    expect(promotionOf(priced(50_000, 50_000, { promo_method: 'Percentage', promo_amount: 15 }))).toBeNull();
  });

  it('keeps a value promotion with a code (taken off at checkout), and one without only when the prices differ by it', () => {
    expect(
      promotionOf(priced(30_000, 30_000, { promo_method: 'Value', promo_amount: 2000, promo_code: 'TAKE20' })),
    ).toEqual({ DiscountMethod: 'Value', DiscountAmount: 2000, DiscountCode: 'TAKE20' });
    expect(promotionOf(priced(32_000, 30_000, { promo_method: 'Value', promo_amount: 2000 }))).not.toBeNull();
    expect(promotionOf(priced(30_000, 30_000, { promo_method: 'Value', promo_amount: 2000 }))).toBeNull();
  });
});

describe('shippingOf', () => {
  const open = { disableInStorePickup: false };

  it('offers postage from the cheapest table rate and pickup for a postable item from an open store', () => {
    expect(shippingOf(1195, open, false, 'AU')).toEqual({
      label: 'Postage from $11.95 or free pickup',
      cost: 1195,
      canPost: true,
      canPickup: true,
    });
  });

  it('never advertises a postage price for an item the table rates cannot post', () => {
    expect(shippingOf(null, open, false, 'UK')).toEqual({
      label: 'Pickup only',
      cost: null,
      canPost: false,
      canPickup: true,
    });
  });

  it('says post only when the item may not be collected', () => {
    expect(shippingOf(399, { disableInStorePickup: true }, false, 'UK').label).toBe('Postage only, from £3.99');
  });

  it('promises neither postage nor pickup from a store closed to pickup (the price says to contact it)', () => {
    expect(shippingOf(995, open, true, 'AU')).toEqual({ label: '', cost: null, canPost: false, canPickup: false });
  });
});
