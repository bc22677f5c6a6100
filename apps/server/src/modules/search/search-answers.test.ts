import { describe, expect, it } from 'vitest';
import { engineQuery } from '../../test/engine-query.js';
import { CatalogueIndex } from './catalogue-index.js';
import type { IndexedProductRow } from './search.repository.js';
import { answerCache, runSearch } from './search-engine.js';

/** A small shelf of kettles, enough to tell one answer from another. */
function kettle(id: number, changes: Partial<IndexedProductRow> = {}): IndexedProductRow {
  return {
    id,
    title: `Kettle ${id % 2 === 0 ? 'steel' : 'copper'} ${id}`,
    brand: 'Brewco',
    category_id: 7,
    condition: 3,
    price_minor: 2000 + 100 * id,
    rrp_minor: 9000,
    promo_method: null,
    store_id: 3,
    image_count: 1,
    colour: null,
    storage: null,
    weight_grams: 900,
    length_cm: 20,
    width_cm: 15,
    height_cm: 10,
    postable: 1,
    postage_from_minor: 995,
    disable_in_store_pickup: 0,
    status: 'available',
    listed_at: '2026-03-01T00:00:00.000Z',
    ...changes,
  };
}

function kettles(): CatalogueIndex {
  const index = new CatalogueIndex(
    'AU',
    [
      {
        id: 7,
        parentId: null,
        slug: 'kettles',
        name: 'Kettles',
        keywords: '',
        path: 'kettles',
        icon: 'k',
        depth: 0,
        position: 0,
      },
    ],
    [{ id: 3, slug: 'c-qld', name: 'C', state: 'QLD', pickupDisabled: false, latitude: -27.5, longitude: 153 }],
  );
  for (let id = 1; id <= 40; id++) index.upsert(kettle(id));
  index.finishBuild();
  return index;
}

const cheapestSteel = engineQuery({ text: 'steel', sort: 'price', descending: false, limit: 5 });

describe('kept search answers', () => {
  it('are reused while the index is unchanged, and never after an item is written', () => {
    const index = kettles();
    const first = runSearch(index, cheapestSteel);
    expect(first.total).toBe(20);
    expect(runSearch(index, { ...cheapestSteel })).toBe(first);
    expect(answerCache(index).stats.hits).toBe(1);

    // The cheapest steel kettle (id 2) is sold: the next answer is computed afresh and knows it.
    index.upsert(kettle(2, { status: 'sold' }));
    const after = runSearch(index, cheapestSteel);
    expect(after).not.toBe(first);
    expect(after.total).toBe(19);
    expect(after.docs.map((doc) => index.productId[doc])).toEqual([4, 6, 8, 10, 12]);

    // A price change reorders the page at once.
    index.upsert(kettle(40, { price_minor: 100 }));
    expect(runSearch(index, cheapestSteel).docs.map((doc) => index.productId[doc])).toEqual([40, 4, 6, 8, 10]);
  });

  it('tell apart queries that differ in any choice, page or sort', () => {
    const index = kettles();
    const base = runSearch(index, cheapestSteel);
    expect(runSearch(index, { ...cheapestSteel, offset: 5 }).docs).not.toEqual(base.docs);
    expect(runSearch(index, { ...cheapestSteel, descending: true }).docs).not.toEqual(base.docs);
    expect(runSearch(index, { ...cheapestSteel, text: 'copper' }).docs).not.toEqual(base.docs);
    expect(runSearch(index, { ...cheapestSteel, prices: [{ from: 0, to: 25 }] }).total).toBe(2);
    expect(answerCache(index).size).toBe(5);
  });

  it('are kept per place and radius: one place’s distances never answer another', () => {
    const index = kettles();
    const near = (latitude: number, longitude: number, withinKm: number | null = null) =>
      engineQuery({ text: 'steel', sort: 'distance', descending: false, place: { latitude, longitude }, withinKm });
    const here = runSearch(index, near(-27.5, 153));
    expect(here.storeKm?.[0]).toBe(0);
    expect(here.distance).toEqual(new Int32Array([20, 20, 20, 20, 20]));
    // One degree north: 111.2 km away, outside every radius of the Distance group.
    const there = runSearch(index, near(-26.5, 153));
    expect(there).not.toBe(here);
    expect(there.storeKm?.[0]).toBeCloseTo(111.195, 3);
    expect(there.distance).toEqual(new Int32Array([0, 0, 0, 0, 0]));
    expect(runSearch(index, near(-26.5, 153, 100)).total).toBe(0);
    expect(runSearch(index, near(-26.5, 153, 120)).total).toBe(20);
    // Within a metre (5 decimals) is the same place: the kept answer.
    expect(runSearch(index, near(-27.500001, 153.000002))).toBe(here);
    // Without a place: no distances at all, and the answer of the plain search.
    const plain = runSearch(index, { ...cheapestSteel });
    expect(plain.storeKm).toBeNull();
    expect(plain.distance).toBeNull();
  });
});
