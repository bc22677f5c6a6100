import { describe, expect, it } from 'vitest';
import { categoryWordsOf, modelWords } from './model-words.js';
import { guideItemOf } from './price-guide.holder.js';
import { type GuideItem, PriceGuideIndex, percentile } from './price-guide-index.js';

const NOW = Date.UTC(2026, 10, 29);
const DAY = 86_400_000;
const phones = {
  brandWords: new Set(['apple']),
  categoryWords: categoryWordsOf('Smartphones', 'phone mobile smartphone cell'),
};

describe('model words', () => {
  it('keep what names the model and leave out brand, colour, category words and extras', () => {
    expect(modelWords('Apple iPhone 13 128GB Blue - Boxed', phones)).toEqual(['iphone', '13', '128gb']);
    expect(modelWords('iPhone 13 128 GB mobile phone with charger', phones)).toEqual(['iphone', '13', '128gb']);
    expect(modelWords('Apple iPhone 13 Pro Max 256GB Graphite', phones)).toEqual([
      'iphone',
      '13',
      'pro',
      'max',
      '256gb',
    ]);
    const tvs = { brandWords: new Set(['sony']), categoryWords: categoryWordsOf('Televisions', 'tv television') };
    expect(modelWords('Sony Bravia 55" 4K TV', tvs)).toEqual(['bravia', '55in', '4k']);
  });
});

let nextId = 0;
function item(title: string, overrides: Partial<GuideItem> = {}): GuideItem {
  nextId++;
  return {
    id: nextId,
    code: `T${nextId}`,
    slug: 'x',
    title,
    brand: 'Apple',
    categoryId: 2,
    condition: 4,
    priceMinor: 50_000,
    status: 'sold',
    at: NOW - 10 * DAY,
    storeName: 'Store',
    ...overrides,
  };
}

function index(items: GuideItem[]): PriceGuideIndex {
  const built = new PriceGuideIndex([
    { id: 1, parentId: null, name: 'Phones', keywords: '' },
    { id: 2, parentId: 1, name: 'Smartphones', keywords: 'phone mobile smartphone cell' },
    { id: 3, parentId: 1, name: 'Phone Accessories', keywords: 'accessory charger' },
    { id: 4, parentId: null, name: 'Consoles', keywords: 'console' },
  ]);
  for (const i of items) built.upsert(i);
  return built;
}

describe('the price guide index', () => {
  it('excludes near-misses: variants the query lacks, other numbers, other storage', () => {
    const guide = index([
      item('Apple iPhone 13 128GB Blue'),
      item('iPhone 13 128GB Starlight - Unlocked'),
      item('Apple iPhone 13 Pro 128GB'),
      item('Apple iPhone 13 mini 128GB'),
      item('Apple iPhone 12 128GB'),
      item('Apple iPhone 13 256GB'),
    ]).guide({ categoryId: 2, title: 'iPhone 13 128GB', brand: 'Apple', now: NOW });
    expect(guide.comparables.map((c) => c.title).sort()).toEqual([
      'Apple iPhone 13 128GB Blue',
      'iPhone 13 128GB Starlight - Unlocked',
    ]);
    const pro = index([item('Apple iPhone 13 Pro 128GB'), item('Apple iPhone 13 128GB')]).guide({
      categoryId: 2,
      title: 'iPhone 13 Pro',
      now: NOW,
    });
    expect(pro.comparables.map((c) => c.title)).toEqual(['Apple iPhone 13 Pro 128GB']);
  });

  it('tells console editions apart', () => {
    const consoles = (title: string) =>
      index([
        item('PlayStation 5 Console', { brand: 'Sony', categoryId: 4 }),
        item('PlayStation 5 Digital Edition', { brand: 'Sony', categoryId: 4 }),
        item('Switch OLED Console', { brand: 'Nintendo', categoryId: 4 }),
        item('Switch Lite Console', { brand: 'Nintendo', categoryId: 4 }),
        item('Switch Console', { brand: 'Nintendo', categoryId: 4 }),
      ])
        .guide({ categoryId: 4, title, now: NOW })
        .comparables.map((c) => c.title);
    expect(consoles('PlayStation 5')).toEqual(['PlayStation 5 Console']);
    // A word no item carries ('ps') names nothing and is dropped rather than matching nothing.
    expect(consoles('PS PlayStation 5')).toEqual(['PlayStation 5 Console']);
    expect(consoles('PlayStation 5 Digital')).toEqual(['PlayStation 5 Digital Edition']);
    expect(consoles('Switch')).toEqual(['Switch Console']);
    expect(consoles('Nintendo Switch OLED')).toEqual(['Switch OLED Console']);
  });

  it('counts sales of the last 180 days only, and listed items but the one being priced', () => {
    const guide = index([
      item('iPhone 13', { at: NOW - 179 * DAY, priceMinor: 1 }),
      item('iPhone 13', { at: NOW - 181 * DAY, priceMinor: 2 }),
      item('iPhone 13', { status: 'listed', code: 'ME', at: NOW - 400 * DAY }),
      item('iPhone 13', { status: 'listed' }),
    ]).guide({ categoryId: 2, title: 'iPhone 13', excludeCode: 'me', now: NOW });
    expect(guide.soldCount).toBe(1);
    expect(guide.listedCount).toBe(1);
  });

  it('learns condition steps from other models when the comparables show none', () => {
    // Three other models, each selling at 100 in condition 3 and 120 in condition 4: +20 % a step.
    const others = ['Galaxy S21', 'Galaxy S22', 'Galaxy S23'].flatMap((model) => [
      item(model, { brand: 'Samsung', condition: 3, priceMinor: 100_00 }),
      item(model, { brand: 'Samsung', condition: 4, priceMinor: 120_00 }),
    ]);
    // The model asked about sold only in condition 3.
    const mine = [1, 2, 3].map(() => item('iPhone 13', { condition: 3, priceMinor: 500_00 }));
    const guide = index([...others, ...mine]).guide({ categoryId: 2, title: 'iPhone 13', condition: 4, now: NOW });
    expect(guide.conditionAdjustment).toEqual({ fromCondition: 3, percent: 20 });
    expect(guide.suggestedMinor).toBe(600_00);
    expect(guide.confidenceReason).toMatch(/learned from the category/);
  });

  it('interpolates percentiles between the nearest ranks', () => {
    expect(percentile([100], 0.1)).toBe(100);
    expect(percentile([100, 200], 0.5)).toBe(150);
    expect(percentile([10, 20, 30, 40, 50], 0.9)).toBe(46);
    expect(percentile([], 0.5)).toBeNull();
  });
});

describe('what the guide reads of an item', () => {
  const row = (overrides: Partial<Parameters<typeof guideItemOf>[0]>) => ({
    id: 1,
    code: 'SH1',
    slug: 's',
    title: 'iPhone 13',
    brand: 'Apple',
    category_id: 2,
    condition: 4,
    price_minor: 50_000,
    status: 'available',
    listed_at: '2026-10-01T00:00:00.000Z',
    updated_at: '2026-10-05T00:00:00.000Z',
    withdrawn_at: null,
    store_name: 'Store',
    line_price_minor: null,
    confirmed_at: null,
    ...overrides,
  });

  it('dates a sale by its confirmed order and prices it by the order line, else by the item sold in store', () => {
    expect(guideItemOf(row({}))).toMatchObject({ status: 'listed', at: Date.parse('2026-10-01T00:00:00.000Z') });
    const online = guideItemOf(row({ status: 'sold', line_price_minor: 45_000, confirmed_at: '1790000000000' }));
    expect(online).toMatchObject({ status: 'sold', priceMinor: 45_000, at: 1_790_000_000_000 });
    const counter = guideItemOf(row({ status: 'sold' }));
    expect(counter).toMatchObject({ status: 'sold', priceMinor: 50_000, at: Date.parse('2026-10-05T00:00:00.000Z') });
    expect(guideItemOf(row({ status: 'sold', withdrawn_at: '2026-10-05T00:00:00.000Z' }))).toBeNull();
    expect(guideItemOf(row({ status: 'reserved' }))).toBeNull();
  });
});
