// @vitest-environment jsdom
import type { ProductDetail } from '@shop/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saleBadgeText } from '../../../components/product-card-text';
import { makeItem } from '../../../test/product-fixtures';
import { ProductPrice } from './product-price';

afterEach(cleanup);

type Priced = Parameters<typeof ProductPrice>[0]['item'];

function priced(overrides: Partial<ProductDetail> = {}): Priced {
  return {
    Sp: '$85.00',
    Rrp: '$100.00',
    SpMinorUnits: 8500,
    RrpMinorUnits: 10000,
    IsAvailable: true,
    ItemUnavailableAsStoreDisabledPickup: false,
    Promotion: null,
    ...overrides,
  };
}

function badge(): string | null {
  return document.querySelector('.price__badge')?.textContent ?? null;
}

describe("the product page's sale badge", () => {
  it("has the cards' wording for a percentage promotion", () => {
    const item = priced({ Promotion: { DiscountMethod: 'Percentage', DiscountAmount: 25, DiscountCode: null } });
    render(<ProductPrice item={item} />);
    expect(badge()).toBe('25% OFF');
    expect(badge()).toBe(saleBadgeText(makeItem(item), 'AU'));
  });

  it("has the cards' wording for a value off with a code", () => {
    const item = priced({ Promotion: { DiscountMethod: 'Value', DiscountAmount: 2000, DiscountCode: 'DEAL20' } });
    render(<ProductPrice item={item} />);
    expect(badge()).toBe('$20.00 OFF Code DEAL20');
    expect(badge()).toBe(saleBadgeText(makeItem(item), 'AU'));
  });

  it("has the cards' wording and steps of 5 for a computed reduction, else SALE", () => {
    for (const [sp, text] of [
      [8500, '15% OFF'], // exactly 15%
      [4500, '55% OFF'], // exactly 55%
      [9600, 'SALE'], // 4%
    ] as const) {
      const item = priced({ SpMinorUnits: sp });
      render(<ProductPrice item={item} />);
      expect(badge(), String(sp)).toBe(text);
      expect(badge()).toBe(saleBadgeText(makeItem(item), 'AU'));
      cleanup();
    }
  });

  it('is left out beside Sold and Contact store for options, and on the small price', () => {
    render(<ProductPrice item={priced({ IsAvailable: false })} />);
    expect(screen.getByText('Sold')).toBeTruthy();
    expect(badge()).toBeNull();
    cleanup();
    render(<ProductPrice item={priced({ ItemUnavailableAsStoreDisabledPickup: true })} />);
    expect(screen.getByText('Contact store for options')).toBeTruthy();
    expect(badge()).toBeNull();
    cleanup();
    render(<ProductPrice item={priced()} size="small" />);
    expect(badge()).toBeNull();
  });
});
