import { describe, expect, it } from 'vitest';
import { engineQuery } from '../../test/engine-query.js';
import { CatalogueIndex } from './catalogue-index.js';
import type { IndexedProductRow } from './search.repository.js';
import { runSearch } from './search-engine.js';
import { type OrderKey, sortInSteps } from './sort-orders.js';

/** The i-th item of tiedIndex, with any changes. */
function thing(i: number, changes: Partial<IndexedProductRow> = {}): IndexedProductRow {
  return {
    id: i + 1,
    title: `Thing ${i % 7 === 0 ? 'gold' : 'silver'} ${i}`,
    brand: 'Acme',
    category_id: 1,
    condition: i % 6,
    price_minor: 1000 * (i % 9),
    rrp_minor: 9000,
    promo_method: null,
    store_id: 1,
    image_count: 1,
    colour: null,
    storage: null,
    weight_grams: 100,
    length_cm: 20,
    width_cm: 15,
    height_cm: 10,
    postable: 1,
    postage_from_minor: 995,
    disable_in_store_pickup: 0,
    status: i % 13 === 0 ? 'sold' : 'available',
    listed_at: new Date(Date.UTC(2026, 0, 1 + (i % 5))).toISOString(),
    ...changes,
  };
}

/** A small index with many ties in price, condition and listing time, where ordering mistakes show. */
function tiedIndex(): CatalogueIndex {
  const index = new CatalogueIndex(
    'AU',
    [
      {
        id: 1,
        parentId: null,
        slug: 'things',
        name: 'Things',
        keywords: '',
        path: 'things',
        icon: 'phone',
        depth: 0,
        position: 0,
      },
    ],
    [{ id: 1, slug: 'a-nsw', name: 'A', state: 'NSW', pickupDisabled: false, latitude: -33.8, longitude: 151 }],
  );
  for (let i = 0; i < 400; i++) index.upsert(thing(i));
  index.finishBuild();
  return index;
}

const base = engineQuery();

describe('precomputed sort orders', () => {
  it.each([
    ['listed', true],
    ['listed', false],
    ['price', false],
    ['price', true],
    ['condition', true],
    ['condition', false],
    ['relevance', true],
  ] as const)('give the same pages as ranking every match (%s, descending %s)', (sort, descending) => {
    const withOrders = tiedIndex();
    const withHeap = tiedIndex();
    withHeap.sortOrders.enabled = false;
    for (const text of ['', 'gold']) {
      for (const offset of [0, 16, 96, 300]) {
        const query = { ...base, text, sort, descending, offset };
        const fromOrder = runSearch(withOrders, query);
        const fromHeap = runSearch(withHeap, query);
        expect(fromOrder.docs, `${text} @${offset}`).toEqual(fromHeap.docs);
        if (offset < fromHeap.total) expect(fromOrder.docs.length).toBeGreaterThan(0);
      }
    }
    const usesOrder = sort !== 'relevance';
    expect(
      withOrders.sortOrders.current(`${sort === 'relevance' ? 'listed' : sort}${descending ? '-' : '+'}`) !== null,
    ).toBe(usesOrder || descending);
  });
});

describe('sort orders made in steps', () => {
  it('sorts as Float64Array.sort does, across runs and merges, pausing between steps', async () => {
    // Distinct whole numbers, as the packed keys are; more than a few runs' worth, and an odd count.
    const n = 150_001;
    const keys = new Float64Array(n);
    let x = 12345;
    for (let i = 0; i < n; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      keys[i] = (x % 4096) * 2 ** 21 + i;
    }
    const expected = keys.slice().sort();
    let pauses = 0;
    await sortInSteps(
      keys,
      async () => {
        pauses++;
      },
      0,
    );
    expect(keys).toEqual(expected);
    expect(pauses).toBeGreaterThan(5);
  });

  it.each(['listed-', 'listed+', 'price+', 'price-', 'condition+', 'condition-'] as OrderKey[])(
    'prepare(%s) makes the ordering current() makes at once',
    async (key) => {
      const stepped = tiedIndex();
      const atOnce = tiedIndex();
      await stepped.sortOrders.prepare(key, async () => undefined, 0);
      const made = stepped.sortOrders.current(key);
      expect(made).not.toBeNull();
      expect(made).toEqual(atOnce.sortOrders.current(key));
    },
  );

  it('never passes off an ordering made from an index that changed meanwhile as current', async () => {
    const index = tiedIndex();
    const before = Array.from(index.sortOrders.build('price+'));
    let changed = false;
    await index.sortOrders.prepare(
      'price+',
      async () => {
        // Between two steps of the sort, one of the cheapest items becomes the dearest.
        if (!changed) index.upsert(thing(9, { price_minor: 99_999 }));
        changed = true;
      },
      0,
    );
    expect(changed).toBe(true);
    const order = Array.from(index.sortOrders.current('price+') ?? []);
    expect(order).not.toEqual(before);
    expect(order.at(-1)).toBe(index.docByProduct.get(10));
    expect(order).toEqual(Array.from(index.sortOrders.build('price+')));
  });
});
