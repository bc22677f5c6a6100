import { describe, expect, it } from 'vitest';
import { engineQuery } from '../../test/engine-query.js';
import { CatalogueIndex } from './catalogue-index.js';
import { buildBitmaps } from './facet-bitmaps.js';
import type { IndexedProductRow } from './search.repository.js';
import { runSearch } from './search-engine.js';

function item(i: number, changes: Partial<IndexedProductRow> = {}): IndexedProductRow {
  return {
    id: i + 1,
    title: `Lamp ${i % 3 === 0 ? 'brass' : 'glass'} ${i}`,
    brand: i % 2 === 0 ? 'Acme' : 'Lumo',
    category_id: 1,
    condition: i % 6,
    price_minor: 1000 + 900 * (i % 40),
    rrp_minor: 30000,
    promo_method: null,
    store_id: 1 + (i % 2),
    image_count: i % 5,
    colour: i % 4 === 0 ? 'black' : null,
    storage: null,
    weight_grams: 400,
    length_cm: 20,
    width_cm: 15,
    height_cm: 10,
    postable: 1,
    postage_from_minor: 995,
    disable_in_store_pickup: 0,
    status: 'available',
    listed_at: new Date(Date.UTC(2026, 0, 1 + (i % 9))).toISOString(),
    ...changes,
  };
}

function lampIndex(items = 300): CatalogueIndex {
  const index = new CatalogueIndex(
    'AU',
    [
      {
        id: 1,
        parentId: null,
        slug: 'lamps',
        name: 'Lamps',
        keywords: '',
        path: 'lamps',
        icon: 'lamp',
        depth: 0,
        position: 0,
      },
    ],
    [
      { id: 1, slug: 'a-nsw', name: 'A', state: 'NSW', pickupDisabled: false, latitude: -33.8, longitude: 151 },
      { id: 2, slug: 'b-vic', name: 'B', state: 'VIC', pickupDisabled: true, latitude: -37.8, longitude: 145 },
    ],
  );
  for (let i = 0; i < items; i++) index.upsert(item(i));
  index.finishBuild();
  return index;
}

const query = engineQuery({
  stores: new Set([0]),
  conditions: new Set([1, 2, 3]),
  prices: [{ from: 10, to: 100 }],
  hasPictures: true,
  sort: 'price',
  descending: false,
});

describe('facet bitmaps', () => {
  it('give the answers of a scan, and are current again at once after a change', () => {
    const index = lampIndex();
    const scan = () => {
      index.facetBitmaps.enabled = false;
      const answer = runSearch(index, query);
      index.facetBitmaps.enabled = true;
      return answer;
    };
    expect(index.facetBitmaps.current()).not.toBeNull();
    const before = runSearch(index, query);
    expect(before.total).toBeGreaterThan(0);
    expect(before).toEqual(scan());

    // The cheapest result is sold: the bitmaps take it out in place, no rebuild and no scan.
    const sold = index.productId[before.docs[0] as number] as number;
    index.upsert(item(sold - 1, { status: 'sold' }));
    expect(index.facetBitmaps.current()).not.toBeNull();
    const after = runSearch(index, query);
    expect(after.total).toBe(before.total - 1);
    expect(after).toEqual(scan());
    expect(index.facetBitmaps.current()).toEqual(buildBitmaps(index));
  });

  describe('made in steps (a rebuilt index, before it is put to use)', () => {
    // More documents than one step sets, so that there are steps to pause between.
    const MANY = 70_000;

    it('are the bitmaps a build at once makes, with the searches between steps answered', async () => {
      const index = lampIndex(MANY);
      let pauses = 0;
      await index.facetBitmaps.prepare(async () => {
        pauses++;
      }, 0);
      expect(pauses).toBeGreaterThan(1);
      expect(index.facetBitmaps.current()).toEqual(buildBitmaps(index));
    });

    it('are given up when the index changes between steps, and made from the index as it is', async () => {
      const index = lampIndex(MANY);
      let changed = false;
      await index.facetBitmaps.prepare(async () => {
        // An item near the start, already counted by the first step, is sold.
        if (!changed) index.upsert(item(3, { status: 'sold' }));
        changed = true;
      }, 0);
      expect(changed).toBe(true);
      const made = index.facetBitmaps.current();
      expect(made?.liveTotal).toBe(buildBitmaps(index).liveTotal);
      expect(made).toEqual(buildBitmaps(index));
    });
  });
});
