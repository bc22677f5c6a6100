import type { FieldError, ProductListItem, SearchResultsValue } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

/**
 * Search by distance over HTTP: `near` (a place), `within` (km), Sort=distance, each card's
 * DistanceKm and the Distance group. The engine's answers for random queries are checked against
 * the plain reference in reference-search.test.ts; this file checks the wire and the edges.
 *
 * Test stores stand in the Tasman Sea around (-30, 160), hundreds of km from every demo store, so
 * the radii there hold only them. One degree of latitude is 6371 x pi / 180 = 111.19493 km, so a
 * store 9.96 km due north is at -30 + 9.96 / 111.19493 = -29.910428 and one 10.04 km north at
 * -29.909708: both show 10.0 km, and only the first is within 10 km (the radius is held to the
 * exact distance, not the one decimal shown).
 */

const PLACE = '-30,160';
const WORD = 'quokkatron';
const STORES = [
  { key: 'centre', name: 'Tasman Centre', latitude: -30, longitude: 160, items: 2 },
  { key: 'inside', name: 'Tasman Inside', latitude: -29.910428, longitude: 160, items: 3 },
  { key: 'outside', name: 'Tasman Outside', latitude: -29.909708, longitude: 160, items: 2 },
  // (-30, 160.3): 28.889 km (haversine, R 6371 km); (-30.2, 160.1): 24.231 km.
  { key: 'east', name: 'Tasman East', latitude: -30, longitude: 160.3, items: 4 },
  { key: 'south', name: 'Tasman South', latitude: -30.2, longitude: 160.1, items: 1 },
] as const;
type StoreKey = (typeof STORES)[number]['key'];

describe.each(testDatabaseTargets())('search by distance on $name', (target) => {
  const storeOfItem = new Map<number, StoreKey>();
  let parramattaItem = 0;
  let manchesterItem = 0;
  const shop = useTestShop(target, {
    seed: async (database) => {
      const db = database.handle.db;
      await seedCatalogue(database.handle, { products: 400, seed: 7 });
      const category = await categoryIdBySlug(db, 'phone-accessories');
      let listed = 0;
      for (const spec of STORES) {
        const store = await makeStore(db, {
          name: spec.name,
          state: 'NSW',
          latitude: spec.latitude,
          longitude: spec.longitude,
        });
        for (let i = 0; i < spec.items; i++) {
          listed++;
          const item = await makeProduct(db, {
            store_id: store.id,
            category_id: category,
            title: `${WORD} ${spec.key} gadget ${i}`,
            brand: 'Quokka',
            // Newest listings at the stores further out: the distance order must not follow them.
            listed_at: new Date(Date.UTC(2026, 5, 1, 0, 0, listed)).toISOString(),
          });
          storeOfItem.set(item.id, spec.key);
        }
      }
      const parramatta = await makeStore(db, {
        name: 'Parramatta Test',
        state: 'NSW',
        latitude: -33.815,
        longitude: 151.0011,
      });
      parramattaItem = (
        await makeProduct(db, {
          store_id: parramatta.id,
          category_id: category,
          title: 'Wallabyphone distance check',
          brand: 'Quokka',
        })
      ).id;
      const manchester = await makeStore(db, {
        name: 'Manchester Test',
        region: 'UK',
        state: 'MAN',
        latitude: 53.4808,
        longitude: -2.2426,
      });
      manchesterItem = (
        await makeProduct(db, {
          store_id: manchester.id,
          category_id: category,
          title: 'Wallabyphone distance check',
          brand: 'Quokka',
        })
      ).id;
    },
  });
  const { server } = shop;
  const uk = shop.alsoServe({ REGION: 'UK' });

  async function search(params: string): Promise<SearchResultsValue> {
    const { status, body } = await server.get<SearchResultsValue>(`/c3api/search/results?${params}`);
    expect(status, `${params}: ${body.Message}`).toBe(200);
    return body.Value;
  }

  async function refused(params: string): Promise<FieldError[]> {
    const { status, body } = await server.get<SearchResultsValue>(`/c3api/search/results?${params}`);
    expect(status, params).toBe(400);
    return body.FieldErrors ?? [];
  }

  const itemsOf = (value: SearchResultsValue): ProductListItem[] => value.ProductList.ProductListItems;
  const storesOf = (value: SearchResultsValue) => itemsOf(value).map((item) => storeOfItem.get(item.Id));
  const distanceGroup = (value: SearchResultsValue) =>
    value.UpperFacetGroupList.find((group) => group.GroupName === 'within');

  it('gives each item its store’s great-circle distance, to one decimal', async () => {
    // Sydney CBD (-33.8688, 151.2093) to Parramatta (-33.815, 151.0011): 20.138 km (haversine, R 6371 km).
    const parramatta = await search('query=wallabyphone&near=-33.8688,151.2093');
    expect(itemsOf(parramatta).map((item) => [item.Id, item.DistanceKm])).toEqual([[parramattaItem, 20.1]]);

    const byStore = new Map<StoreKey | undefined, number | undefined>();
    for (const item of itemsOf(await search(`query=${WORD}&near=${PLACE}&NumberOfResults=50`))) {
      byStore.set(storeOfItem.get(item.Id), item.DistanceKm);
    }
    expect(Object.fromEntries(byStore)).toEqual({ centre: 0, inside: 10, outside: 10, east: 28.9, south: 24.2 });
  });

  it('resolves postcodes and suburbs (AU) and districts and postcodes (UK) for near', async () => {
    // The places tables put 2150 at (-33.81763, 151.00527), 0.48 km from the Parramatta test store
    // (-33.815, 151.0011), and the suburb Parramatta at (-33.81356, 151.00341), 0.26 km from it.
    for (const [place, km] of [
      ['2150', 0.5],
      ['Parramatta', 0.3],
      ['parramatta nsw', 0.3],
    ] as const) {
      const value = await search(`query=wallabyphone&near=${encodeURIComponent(place)}`);
      expect(
        itemsOf(value).map((item) => [item.Id, item.DistanceKm]),
        place,
      ).toEqual([[parramattaItem, km]]);
    }
    const inUk = async (place: string) => {
      const { status, body } = await uk.get<SearchResultsValue>(
        `/c3api/search/results?query=wallabyphone&near=${encodeURIComponent(place)}`,
      );
      expect(status, `${place}: ${body.Message}`).toBe(200);
      return itemsOf(body.Value).map((item) => [item.Id, item.DistanceKm]);
    };
    // M1 at (53.4773, -2.2351): 0.63 km from the Manchester test store (53.4808, -2.2426).
    expect(await inUk('M1')).toEqual([[manchesterItem, 0.6]]);
    // SW1A 1AA at (51.5027, -0.1311) to Manchester: 262.303 km (haversine, R 6371 km).
    expect(await inUk('SW1A 1AA')).toEqual([[manchesterItem, 262.3]]);
    const unknown = await uk.get<SearchResultsValue>('/c3api/search/results?query=phone&near=Atlantis');
    expect(unknown.status).toBe(400);
    expect(unknown.body.FieldErrors).toEqual([
      {
        Field: 'near',
        Message: 'We couldn\'t find "Atlantis". Try a postcode or postcode district, such as M1 or SW1A 1AA.',
      },
    ]);
  });

  it('keeps within a radius by the exact distance: 9.96 km is within 10, 10.04 km is not', async () => {
    const within10 = await search(`query=${WORD}&near=${PLACE}&within=10&NumberOfResults=50`);
    expect(new Set(storesOf(within10))).toEqual(new Set(['centre', 'inside']));
    expect(within10.ProductList.ProductListItemCount).toBe(5);
    const within = await search(`query=${WORD}&near=${PLACE}&within=10.05&NumberOfResults=50`);
    expect(within.ProductList.ProductListItemCount).toBe(7);
    expect((await search(`query=${WORD}&near=${PLACE}&within=25`)).ProductList.ProductListItemCount).toBe(8);
  });

  it('counts the Distance group per radius, leaving its own choice out (disjunctive)', async () => {
    const value = await search(`query=${WORD}&near=${PLACE}&within=5`);
    expect(value.ProductList.ProductListItemCount).toBe(2);
    expect(distanceGroup(value)).toEqual({
      Name: 'Distance',
      GroupName: 'within',
      FacetItems: [5, 10, 25, 50, 100].map((km, i) => ({
        Term: `Within ${km} km|${km}`,
        Name: `Within ${km} km`,
        Guid: String(km),
        Count: [2, 5, 8, 12, 12][i],
        Selected: km === 5,
      })),
    });
    // Another group's choice applies to the Distance counts: only the east store's 4 items, at 28.9 km.
    const inEast = await search(`query=${WORD}&near=${PLACE}&within=5&location=${await slugOf('east')}`);
    expect(inEast.ProductList.ProductListItemCount).toBe(0);
    expect(distanceGroup(inEast)?.FacetItems.map((item) => item.Count)).toEqual([0, 0, 0, 4, 4]);
  });

  it('orders nearest store first, by relevance within a store, and pages without overlap', async () => {
    const everything = await search(`query=${WORD}&near=${PLACE}&Sort=distance&NumberOfResults=50`);
    expect(storesOf(everything)).toEqual([
      'centre',
      'centre',
      'inside',
      'inside',
      'inside',
      'outside',
      'outside',
      'south',
      'east',
      'east',
      'east',
      'east',
    ]);
    const distances = itemsOf(everything).map((item) => item.DistanceKm as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // Within a store, by relevance: without text, the newest listing first.
    const inside = await search(`location=${await slugOf('inside')}&near=${PLACE}&Sort=distance`);
    expect(itemsOf(inside).map((item) => item.Title)).toEqual([
      `${WORD} inside gadget 2`,
      `${WORD} inside gadget 1`,
      `${WORD} inside gadget 0`,
    ]);
    const paged: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const value = await search(`query=${WORD}&near=${PLACE}&Sort=distance&NumberOfResults=5&page=${page}`);
      paged.push(...itemsOf(value).map((item) => item.Id));
    }
    expect(paged).toEqual(itemsOf(everything).map((item) => item.Id));
    const farthest = await search(`query=${WORD}&near=${PLACE}&Sort=distance-&NumberOfResults=4`);
    expect(storesOf(farthest)).toEqual(['east', 'east', 'east', 'east']);
  });

  it('offers the distance sort only with a place, and says which is chosen', async () => {
    const withPlace = await search(`query=${WORD}&near=${PLACE}&Sort=distance`);
    expect(withPlace.SortOptions.find((option) => option.KeyName === 'distance')).toEqual({
      DisplayName: 'Distance: nearest first',
      KeyName: 'distance',
      IsDescending: false,
      Value: 'distance+',
      Selected: true,
    });
    const without = await search(`query=${WORD}`);
    expect(without.SortOptions.some((option) => option.KeyName === 'distance')).toBe(false);
  });

  it('refuses an unknown place, and within or Sort=distance without one, on their fields', async () => {
    expect(await refused('query=phone&near=Atlantis')).toEqual([
      { Field: 'near', Message: 'We couldn\'t find "Atlantis". Try a postcode or suburb.' },
    ]);
    expect(await refused('query=phone&near=95,200')).toEqual([
      { Field: 'near', Message: 'We couldn\'t find "95,200". Try a postcode or suburb.' },
    ]);
    expect(await refused('query=phone&within=10')).toEqual([{ Field: 'within', Message: 'needs a place: add near' }]);
    expect(await refused('query=phone&Sort=distance')).toEqual([{ Field: 'Sort', Message: 'needs a place: add near' }]);
    for (const bad of ['0', '-1', '1001', 'ten']) {
      const errors = await refused(`query=phone&near=${PLACE}&within=${bad}`);
      expect(errors.map((error) => error.Field)).toEqual(['within']);
    }
  });

  it('changes nothing without a place: no DistanceKm key, no Distance group', async () => {
    const value = await search(`query=${WORD}&NumberOfResults=50`);
    expect(itemsOf(value).length).toBe(12);
    for (const item of itemsOf(value)) expect(Object.hasOwn(item, 'DistanceKm')).toBe(false);
    expect(distanceGroup(value)).toBeUndefined();
    // The same items in the same order as with a place (only the distances are added there).
    const withPlace = await search(`query=${WORD}&NumberOfResults=50&near=${PLACE}`);
    expect(itemsOf(withPlace).map((item) => item.Id)).toEqual(itemsOf(value).map((item) => item.Id));
  });

  it('never answers one place with another’s distances (kept answers are keyed on the point)', async () => {
    const here = await search(`query=${WORD}&near=${PLACE}&Sort=distance&NumberOfResults=3`);
    const there = await search(`query=${WORD}&near=-30.2,160.1&Sort=distance&NumberOfResults=3`);
    expect(itemsOf(here).map((item) => item.DistanceKm)).toEqual([0, 0, 10]);
    // From the south store: itself, then the centre store's two items at 24.231 km.
    expect(itemsOf(there).map((item) => item.DistanceKm)).toEqual([0, 24.2, 24.2]);
    // A point within a metre of the first is the same search (rounded to 5 decimals).
    const again = await search(`query=${WORD}&near=-30.000001,160.000001&Sort=distance&NumberOfResults=3`);
    expect(itemsOf(again).map((item) => item.DistanceKm)).toEqual([0, 0, 10]);
  });

  async function slugOf(key: StoreKey): Promise<string> {
    const value = await search(`query=${WORD}&NumberOfResults=50`);
    const store = value.StoreFacetGroupList.flatMap((state) => state.Stores).find(
      (s) => s.Name === STORES.find((x) => x.key === key)?.name,
    );
    if (!store) throw new Error(`no store ${key}`);
    return store.Guid;
  }
});
