import { describe, expect, it } from 'vitest';
import { PriceGuideIndex } from './price-guide-index.js';
import { appendPosting, newPostings, postingCount, StringTable, TextPool } from './slot-columns.js';

describe('the index columns', () => {
  it('read back every text as it was given, UTF-8 or not', () => {
    const pool = new TextPool();
    const texts = ['SH1', '', 'Ünïcode café – 55"', 'emoji 😀', 'lone \uD800 surrogate', '\uDC00', 'x'.repeat(100_000)];
    const places = texts.map((text) => {
      const start = pool.end;
      pool.add(text);
      return [start, pool.end] as const;
    });
    expect(places.map(([start, end]) => pool.read(start, end))).toEqual(texts);
    const [start, end] = places[4] as readonly [number, number];
    expect(pool.equals(start, end, texts[4] as string, Buffer.from(texts[4] as string))).toBe(true);
    expect(pool.equals(start, end, '\uFFFD', Buffer.from('\uFFFD'))).toBe(false);
    const [codeStart, codeEnd] = places[0] as readonly [number, number];
    expect(pool.equals(codeStart, codeEnd, 'SH1', Buffer.from('SH1'))).toBe(true);
    expect(pool.equals(codeStart, codeEnd, 'SH2', Buffer.from('SH2'))).toBe(false);
  });

  it('keep postings in the order they came, growing as needed', () => {
    let list = newPostings(7);
    for (let slot = 8; slot < 100; slot++) list = appendPosting(list, slot);
    expect(postingCount(list)).toBe(93);
    expect([...list.subarray(1, 94)]).toEqual(Array.from({ length: 93 }, (_, i) => i + 7));
  });

  it('number each string once', () => {
    const table = new StringTable();
    expect([table.add('a'), table.add('b'), table.add('a')]).toEqual([0, 1, 0]);
    expect(table.find('b')).toBe(1);
    expect(table.find('c')).toBe(-1);
  });

  it('give back a comparable as it was given to the index', () => {
    const index = new PriceGuideIndex([{ id: 2, parentId: null, name: 'Smartphones', keywords: 'phone' }]);
    const now = Date.UTC(2026, 10, 29);
    const odd = {
      id: 3_000_000_000,
      code: 'SH\uD800',
      slug: 's'.repeat(70_000),
      title: 'iPhone 13 128GB – Störe 😀',
      brand: 'Åpple',
      categoryId: 2,
      condition: 0,
      priceMinor: 12_345_678_901,
      status: 'listed' as const,
      at: now - 1.5,
      storeName: 'Störe',
    };
    index.upsert({ ...odd, id: 1, code: 'SH1', status: 'sold', condition: 5, at: now - 86_400_000 });
    index.upsert(odd);
    const answer = index.guide({ categoryId: 2, title: 'iPhone 13', now });
    expect(answer.comparables).toContainEqual(odd);
    const editing = index.guide({ categoryId: 2, title: 'iPhone 13', excludeCode: 'sh\uD800', now });
    expect(editing.comparables.map((c) => c.id)).toEqual([1]);
  });
});
