import { describe, expect, it } from 'vitest';
import { Random } from '../../seed/random.js';
import { engineQuery } from '../../test/engine-query.js';
import { CatalogueIndex } from './catalogue-index.js';
import { RECORD } from './facet-records.js';
import type { IndexedProductRow } from './search.repository.js';
import { type EngineQuery, runSearch } from './search-engine.js';

const CATEGORIES = [
  {
    id: 1,
    parentId: null,
    slug: 'phones',
    name: 'Phones',
    keywords: 'phone',
    path: 'phones',
    icon: 'phone',
    depth: 0,
    position: 0,
  },
  {
    id: 2,
    parentId: 1,
    slug: 'smartphones',
    name: 'Smartphones',
    keywords: '',
    path: 'phones/smartphones',
    icon: 'phone',
    depth: 1,
    position: 0,
  },
  {
    id: 3,
    parentId: null,
    slug: 'bikes',
    name: 'Bikes',
    keywords: 'bike',
    path: 'bikes',
    icon: 'bike',
    depth: 0,
    position: 1,
  },
];
const STORES = [1, 2, 3].map((id) => ({
  id,
  slug: `store-${id}`,
  name: `Store ${id}`,
  state: id === 3 ? 'VIC' : 'NSW',
  pickupDisabled: id === 2,
  latitude: -33,
  longitude: 151,
}));
const COLOURS = ['Black', 'White', 'Red', null];
const STORAGES = ['64GB', '128GB', '256GB', null];
const WORDS = ['gold', 'silver', 'phone', 'bike', 'case', 'ring'];

function item(r: Random, id: number, colour?: string): IndexedProductRow {
  const price = r.int(100, 400_000);
  const postable = r.int(0, 1);
  const weight = r.pick([100, 2000, 40_000]);
  return {
    id,
    title: `${r.pick(WORDS)} ${r.pick(WORDS)} ${id}`,
    brand: r.pick(['Apple', 'Samsung', 'Giant', 'Acme']),
    category_id: r.pick([1, 2, 3]),
    condition: r.int(0, 5),
    price_minor: price,
    rrp_minor: price + r.pick([0, 0, 500]),
    promo_method: null,
    store_id: r.pick([1, 2, 3]),
    image_count: r.int(0, 2),
    colour: colour ?? r.pick(COLOURS),
    storage: r.pick(STORAGES),
    weight_grams: weight,
    length_cm: 30,
    width_cm: 20,
    height_cm: 10,
    postable,
    // As the table rates would price it: the heaviest take no band.
    postage_from_minor: postable === 1 && weight <= 22_000 ? 995 + weight : null,
    disable_in_store_pickup: r.int(0, 1),
    status: r.chance(0.1) ? 'sold' : 'available',
    listed_at: new Date(Date.UTC(2026, 0, 1 + r.int(0, 60))).toISOString(),
  };
}

function randomIndex(seed: number, items: number): CatalogueIndex {
  const r = new Random(seed);
  const index = new CatalogueIndex('AU', CATEGORIES, STORES);
  for (let id = 1; id <= items; id++) index.upsert(item(r, id));
  index.finishBuild();
  return index;
}

function randomQuery(r: Random): EngineQuery {
  return engineQuery({
    text: r.chance(0.6) ? r.pick(WORDS) : '',
    category: r.chance(0.3) ? r.int(0, 2) : null,
    stores: r.chance(0.3) ? new Set([r.int(0, 2)]) : null,
    brands: r.chance(0.2) ? new Set([r.int(0, 3)]) : null,
    conditions: r.chance(0.2) ? new Set([r.int(0, 5), r.int(0, 5)]) : null,
    colours: r.chance(0.2) ? new Set([r.int(0, 2)]) : null,
    storages: r.chance(0.2) ? new Set([r.int(0, 2)]) : null,
    delivery: r.chance(0.2) ? r.pick([4, 8]) : 0,
    onSale: r.chance(0.1),
    hasPictures: r.chance(0.1),
    prices: r.chance(0.2) ? [{ from: 100, to: 1000 }] : null,
    sort: 'price',
    descending: r.chance(0.5),
  });
}

describe('facet records', () => {
  it('hold each document’s values as its columns do, after writes too', () => {
    const index = randomIndex(1, 500);
    const r = new Random(2);
    for (let i = 0; i < 200; i++) index.upsert(item(r, r.int(1, 600)));
    const words = index.facetRecords.usable() as Uint32Array;
    expect(words).not.toBeNull();
    for (let doc = 0; doc < index.size; doc++) {
      const a = words[doc * 2] as number;
      const b = words[doc * 2 + 1] as number;
      expect({
        store: a & RECORD.storeMask,
        brand: a >>> RECORD.brandShift,
        category: b & RECORD.categoryMask,
        condition: (b >>> RECORD.conditionShift) & RECORD.conditionMask,
        band: (b >>> RECORD.bandShift) & RECORD.bandMask,
        flags: (b >>> RECORD.flagsShift) & RECORD.flagsMask,
        colour: ((b >>> RECORD.colourShift) & RECORD.colourMask) - 1,
        storage: (b >>> RECORD.storageShift) - 1,
      }).toEqual({
        store: index.store[doc],
        brand: index.brand[doc],
        category: index.category[doc],
        condition: index.condition[doc],
        band: index.priceBand[doc],
        flags: index.flags[doc],
        colour: index.colour[doc],
        storage: index.storage[doc],
      });
    }
  });

  it('give the answers counting by columns gives, with the bitmaps and without', () => {
    const index = randomIndex(3, 800);
    const r = new Random(4);
    for (let i = 0; i < 400; i++) {
      const query = randomQuery(r);
      const answers = [true, false].flatMap((bitmaps) =>
        [true, false].map((records) => {
          index.facetBitmaps.enabled = bitmaps;
          index.facetRecords.enabled = records;
          return runSearch(index, query);
        }),
      );
      for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    }
  });

  it('are given up for an index with a value too large for its field, which then counts by columns', () => {
    const index = randomIndex(5, 200);
    const r = new Random(6);
    expect(index.facetRecords.usable()).not.toBeNull();
    // 127 colours fit (0 is "none"); the 128th does not.
    for (let c = 0; c < 130; c++) index.upsert(item(r, 1000 + c, `Colour ${c}`));
    expect(index.colours.size).toBeGreaterThan(127);
    expect(index.facetRecords.usable()).toBeNull();
    const answer = runSearch(index, engineQuery({ limit: 1 }));
    const live = Array.from({ length: index.size }, (_, doc) => doc).filter((doc) => index.alive[doc] === 1);
    const colour = index.colours.find('colour-129') as number;
    expect(answer.counts.colour[colour]).toBe(live.filter((doc) => index.colour[doc] === colour).length);
    expect(answer.counts.colour[colour]).toBeGreaterThan(0);
  });
});
