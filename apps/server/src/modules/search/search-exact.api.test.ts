import type { SearchResultsValue } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

/**
 * Search means what was typed, on a small catalogue holding both lamps and amps, laptops beside
 * tablets and monitors: a word the catalogue holds is never corrected into another, and an item
 * holding the word itself ranks above one found only through its category.
 */
describe.each(testDatabaseTargets())('search means what was typed on $name', (target) => {
  const { server } = useTestShop(target, {
    seed: async (database) => {
      const db = database.handle.db;
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      const home = await db
        .insertInto('categories')
        .values({
          parent_id: null,
          slug: 'home',
          name: 'Home & Living',
          keywords: '',
          path: 'home',
          depth: 0,
          icon: 'home',
          position: 99,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const lamps = await db
        .insertInto('categories')
        .values({
          parent_id: home.id,
          slug: 'lamps',
          name: 'Lamps & Lighting',
          keywords: 'lamp light lighting',
          path: 'home/lamps',
          depth: 1,
          icon: 'lamp',
          position: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const store = await makeStore(db, { state: 'TAS', name: 'Exactville' });
      const amplifiers = await categoryIdBySlug(db, 'amplifiers');
      const laptops = await categoryIdBySlug(db, 'laptops');
      const tablets = await categoryIdBySlug(db, 'tablets');
      const monitors = await categoryIdBySlug(db, 'monitors');
      const item = (category_id: number, title: string, brand: string) =>
        makeProduct(db, { store_id: store.id, category_id, title, brand, colour: null, storage: null });
      await item(lamps.id, 'Brass Desk Lamp', 'Generic');
      await item(lamps.id, 'IKEA Tertial Work Light', 'IKEA');
      await item(lamps.id, 'Vintage Floor Lamp', 'Generic');
      await item(amplifiers, 'Fender Mustang LT25 Amp', 'Fender');
      await item(amplifiers, 'Marshall DSL40CR Valve Amp', 'Marshall');
      await item(laptops, 'Microsoft Surface Laptop 4', 'Microsoft');
      await item(laptops, 'Apple MacBook Air M2', 'Apple');
      await item(laptops, 'Dell XPS 13', 'Dell');
      await item(tablets, 'Apple iPad Air 5th Gen', 'Apple');
      await item(monitors, 'Dell UltraSharp U2723QE', 'Dell');
      await item(monitors, 'ASUS ZenScreen Portable Monitor for Laptop', 'Asus');
    },
  });

  async function titles(query: string): Promise<{ titles: string[]; categories: string[]; value: SearchResultsValue }> {
    const { status, body } = await server.get<SearchResultsValue>(
      `/c3api/search/results?${new URLSearchParams({ query })}&NumberOfResults=48`,
    );
    expect(status, body.Message ?? '').toBe(200);
    const items = body.Value.ProductList.ProductListItems;
    expect(body.Value.ProductList.ProductListItemCount).toBe(items.length);
    return { titles: items.map((i) => i.Title), categories: items.map((i) => i.Category), value: body.Value };
  }

  it("'lamp' finds the lamps, the ones saying 'lamp' first, and no amp", async () => {
    const lamp = await titles('lamp');
    expect(lamp.titles.slice(0, 2).sort()).toEqual(['Brass Desk Lamp', 'Vintage Floor Lamp']);
    expect(lamp.titles[2]).toBe('IKEA Tertial Work Light');
    expect(lamp.titles).toHaveLength(3);
    expect((await titles('lamps')).titles).toEqual(lamp.titles);
    // And the other way: 'amp' finds the amps, never a lamp.
    const amp = await titles('amp');
    expect(amp.titles.sort()).toEqual(['Fender Mustang LT25 Amp', 'Marshall DSL40CR Valve Amp']);
  });

  it("'laptop' finds laptops, the ones saying 'laptop' first, and no tablet or monitor that does not say it", async () => {
    const laptop = await titles('laptop');
    expect(laptop.titles.slice(0, 2).sort()).toEqual([
      'ASUS ZenScreen Portable Monitor for Laptop',
      'Microsoft Surface Laptop 4',
    ]);
    expect(laptop.titles.slice(2).sort()).toEqual(['Apple MacBook Air M2', 'Dell XPS 13']);
    expect(laptop.titles).not.toContain('Apple iPad Air 5th Gen');
    expect(laptop.titles).not.toContain('Dell UltraSharp U2723QE');
    // The category facet counts what was found: no tablet.
    const computers = laptop.value.CategoryFacetGroupList[0]?.FacetItems.find((c) => c.Guid === 'computers');
    expect(computers?.FacetItems.map((c) => [c.Guid, c.Count])).toEqual([
      ['laptops', 3],
      ['monitors', 1],
    ]);
  });

  it("still reads a real slip: 'lapotp' finds what 'laptop' finds", async () => {
    const typed = await titles('lapotp');
    const meant = await titles('laptop');
    expect(typed.titles).toEqual(meant.titles);
    expect(typed.value.ProductList.ProductListItemCount).toBe(meant.value.ProductList.ProductListItemCount);
  });

  it("a parent's other words still find its items: 'computers' finds the tablet and the monitors", async () => {
    const computers = await titles('computers');
    expect(computers.titles).toContain('Apple iPad Air 5th Gen');
    expect(computers.titles).toContain('Dell UltraSharp U2723QE');
    expect(computers.titles).toHaveLength(6);
  });
});
