import { describe, expect, it } from 'vitest';
import { makeItem } from '../test/product-fixtures';
import { cardImageSrcSet, distanceLine, priceText, regionOfPrice, saleBadgeText } from './product-card-text';

describe('saleBadgeText', () => {
  it('shows a percentage promotion as percent off', () => {
    const item = makeItem({ Promotion: { DiscountMethod: 'Percentage', DiscountAmount: 25, DiscountCode: null } });
    expect(saleBadgeText(item, 'AU')).toBe('25% OFF');
  });

  it('shows a value promotion as money off in the region, with its code when there is one', () => {
    const withCode = makeItem({ Promotion: { DiscountMethod: 'Value', DiscountAmount: 2000, DiscountCode: 'DEAL20' } });
    expect(saleBadgeText(withCode, 'AU')).toBe('$20.00 OFF Code DEAL20');
    const noCode = makeItem({ Promotion: { DiscountMethod: 'Value', DiscountAmount: 123456, DiscountCode: null } });
    expect(saleBadgeText(noCode, 'UK')).toBe('£1,234.56 OFF');
  });

  it('prefers the promotion over the reduction from the RRP', () => {
    const item = makeItem({
      RrpMinorUnits: 10000,
      SpMinorUnits: 5000,
      Promotion: { DiscountMethod: 'Percentage', DiscountAmount: 10, DiscountCode: null },
    });
    expect(saleBadgeText(item, 'AU')).toBe('10% OFF');
  });

  it('computes the reduction in steps of 5, rounded down', () => {
    const badge = (rrp: number, sp: number) => saleBadgeText(makeItem({ RrpMinorUnits: rrp, SpMinorUnits: sp }), 'AU');
    expect(badge(17600, 14999)).toBe('10% OFF'); // 14.78%
    expect(badge(10000, 8500)).toBe('15% OFF'); // exactly 15%
    expect(badge(10000, 9500)).toBe('5% OFF'); // exactly 5%
    expect(badge(30100, 26500)).toBe('10% OFF'); // 11.96%
    expect(badge(29500, 16495)).toBe('40% OFF'); // 44.08%
  });

  it("says 'SALE' below 5% and nothing when the price is not reduced", () => {
    const badge = (rrp: number, sp: number) => saleBadgeText(makeItem({ RrpMinorUnits: rrp, SpMinorUnits: sp }), 'AU');
    expect(badge(10000, 9501)).toBe('SALE'); // 4.99%
    expect(badge(10000, 9999)).toBe('SALE');
    expect(badge(10000, 10000)).toBeNull();
    expect(badge(10000, 12000)).toBeNull();
    expect(badge(0, 0)).toBeNull();
  });
});

describe('priceText', () => {
  it("shows the server's price string as it is", () => {
    expect(priceText(makeItem({ Sp: '$1,234.50' }))).toBe('$1,234.50');
  });

  it("says 'Sold' when the item is unavailable, before anything else", () => {
    expect(priceText(makeItem({ IsAvailable: false }))).toBe('Sold');
    expect(priceText(makeItem({ IsAvailable: false, ItemUnavailableAsStoreDisabledPickup: true }))).toBe('Sold');
  });

  it("says 'Contact store for options' when the store disabled pickup", () => {
    expect(priceText(makeItem({ ItemUnavailableAsStoreDisabledPickup: true }))).toBe('Contact store for options');
  });
});

describe('regionOfPrice', () => {
  it('reads the region from the currency symbol', () => {
    expect(regionOfPrice('£12.00')).toBe('UK');
    expect(regionOfPrice('$12.00')).toBe('AU');
  });
});

describe('cardImageSrcSet', () => {
  it("swaps the card picture's width for 300 and 450, and leaves other addresses alone", () => {
    expect(cardImageSrcSet('/c3api/images/product/SI0000012/2?w=450')).toBe(
      '/c3api/images/product/SI0000012/2?w=300 300w, /c3api/images/product/SI0000012/2?w=450 450w',
    );
    expect(cardImageSrcSet('https://cdn.example/x.jpg')).toBeNull();
    expect(cardImageSrcSet('/c3api/images/product/SH1/1?w=4500')).toBeNull();
  });
});

describe('distanceLine', () => {
  it("says the store's distance to one decimal before its name", () => {
    expect(distanceLine(12.4, 'Parramatta NSW')).toBe('12.4 km · Parramatta NSW');
    expect(distanceLine(3, 'Lewisham')).toBe('3.0 km · Lewisham');
  });
});
