import type { PredictiveValue, SearchResultsValue, StoreQueryValue } from '@shop/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { startTestServer } from '../../test/test-server.js';
import { useTestShop } from '../../test/test-shop.js';

const PRODUCTS = 1500;

describe.each(testDatabaseTargets())('search API on $name', (target) => {
  let soldCode: string;
  let reservedCode: string;
  let widget: { id: number; code: string };
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      const db = database.handle.db;
      await seedCatalogue(database.handle, { products: PRODUCTS, seed: 11 });
      const store = await makeStore(db, { state: 'TAS', name: 'Testville' });
      const gadgets = await categoryIdBySlug(db, 'phone-accessories');
      widget = await makeProduct(db, {
        store_id: store.id,
        category_id: gadgets,
        title: 'Zorblax Quantum Widget',
        brand: 'Zorblax',
        price_minor: 123456,
      });
      soldCode = (
        await makeProduct(db, {
          store_id: store.id,
          category_id: gadgets,
          title: 'Zorblax Sold Gizmo',
          brand: 'Zorblax',
          status: 'sold',
        })
      ).code;
      reservedCode = (
        await makeProduct(db, {
          store_id: store.id,
          category_id: gadgets,
          title: 'Zorblax Reserved Gizmo',
          brand: 'Zorblax',
          status: 'reserved',
        })
      ).code;
    },
  });

  async function search(params: string): Promise<SearchResultsValue> {
    const { status, body } = await server.get<SearchResultsValue>(`/c3api/search/results?${params}`);
    expect(status, `${params}: ${body.Message}`).toBe(200);
    expect(body.WasSuccessful).toBe(true);
    return body.Value;
  }

  async function suggest(params: string): Promise<PredictiveValue> {
    const { status, body } = await server.get<PredictiveValue>(`/c3api/search/predective?${params}`);
    expect(status, body.Message ?? '').toBe(200);
    return body.Value;
  }

  async function total(params: URLSearchParams): Promise<number> {
    return (await search(params.toString())).ProductList.ProductListItemCount;
  }

  /** Every facet value's count must equal what choosing it (instead of its group's current choice) returns. */
  async function expectCountsMatchChoices(base: string) {
    const params = new URLSearchParams(base);
    const value = await search(base);
    const withValue = (key: string, v: string) => {
      const next = new URLSearchParams(params);
      next.set(key, v);
      return next;
    };
    const checks: Promise<void>[] = [];
    const check = (key: string, v: string, expected: number, label: string) =>
      checks.push(total(withValue(key, v)).then((n) => expect(n, `${base} + ${key}=${v} (${label})`).toBe(expected)));

    const category = value.CategoryFacetGroupList[0];
    expect(category).toBeDefined();
    const withoutCategory = new URLSearchParams(params);
    withoutCategory.delete('category');
    checks.push(total(withoutCategory).then((n) => expect(n, `${base}: All categories`).toBe(category?.Count)));
    const walk = (items: NonNullable<typeof category>['FacetItems']) => {
      for (const item of items) {
        check('category', item.Guid, item.Count, item.Term);
        walk(item.FacetItems);
      }
    };
    walk(category?.FacetItems ?? []);

    for (const state of value.StoreFacetGroupList) {
      check('location', state.Guid, state.TotalItemsInState, state.Name);
      expect(state.Count).toBe(state.TotalItemsInState);
      for (const store of state.Stores) check('location', store.Guid, store.Count, store.Term);
    }
    for (const group of [...value.UpperFacetGroupList, ...value.LowerFacetGroupList]) {
      for (const item of group.FacetItems) check(group.GroupName, item.Guid, item.Count, item.Term);
    }
    for (const range of value.PriceRangeGroupItem.PriceRangeFacetItems) {
      check('price', range.Term, range.TotalAvaibleItems, range.Term);
    }
    for (const filter of value.FilterFacetList) check(filter.GroupName, 'true', filter.Count, filter.Name);

    // Groups where every item has exactly one value: the counts add up to the results without that group's choice.
    const sumCheck = (key: string, sum: number) => {
      const without = new URLSearchParams(params);
      without.delete(key);
      checks.push(total(without).then((n) => expect(sum, `${base}: ${key} counts add up`).toBe(n)));
    };
    const group = (name: string) => value.UpperFacetGroupList.find((g) => g.GroupName === name);
    sumCheck(
      'location',
      value.StoreFacetGroupList.reduce((sum, s) => sum + s.TotalItemsInState, 0),
    );
    sumCheck(
      'condition',
      (group('condition')?.FacetItems ?? []).reduce((sum, i) => sum + i.Count, 0),
    );
    sumCheck(
      'price',
      value.PriceRangeGroupItem.PriceRangeFacetItems.reduce((sum, i) => sum + i.TotalAvaibleItems, 0),
    );
    const brands = group('brand')?.FacetItems ?? [];
    if (brands.length < 40)
      sumCheck(
        'brand',
        brands.reduce((sum, i) => sum + i.Count, 0),
      );
    await Promise.all(checks);
    expect(checks.length).toBeGreaterThan(20);
    return value;
  }

  it('lists every available item of the region and none that are sold or reserved', async () => {
    const expected = await database.handle.db
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .select(sql<number>`count(*)`.as('n'))
      .where('s.region', '=', 'AU')
      .where('p.status', '=', 'available')
      .executeTakeFirstOrThrow();
    const value = await search('');
    expect(value.ProductList.ProductListItemCount).toBe(Number(expected.n));
    const zorblax = await search('query=zorblax');
    const codes = zorblax.ProductList.ProductListItems.map((i) => i.Code);
    expect(codes).toEqual([widget.code]);
    expect(codes).not.toContain(soldCode);
    expect(codes).not.toContain(reservedCode);
  });

  it('gives every product-card field of the spec', async () => {
    const item = (await search('query=zorblax')).ProductList.ProductListItems[0];
    expect(item).toMatchObject({
      Code: widget.code,
      Title: 'Zorblax Quantum Widget',
      Sp: '$1,234.56',
      SpMinorUnits: 123456,
      Brand: 'Zorblax',
      Category: 'Phone Accessories',
      StoreNameWithState: expect.stringMatching(/^Testville, TAS$/),
      IsAvailable: true,
      IsInWishlist: false,
      ProductList: 'Search Results',
      Url: expect.stringMatching(/^\/product\/tf\d+\/zorblax-quantum-widget$/),
    });
    for (const key of [
      'Rrp',
      'Promotion',
      'ImageUrl',
      'Condition',
      'ShippingLabel',
      'ShippingCost',
      'HasAuthenticityCertificate',
      'ItemUnavailableAsStoreDisabledPickup',
      'DisableInStorePickup',
    ]) {
      expect(item).toHaveProperty(key);
    }
  });

  it('counts every facet as what choosing it returns, with no filters', async () => {
    const value = await expectCountsMatchChoices('');
    expect(value.UpperFacetGroupList.map((g) => g.GroupName)[0]).toBe('delivery');
    expect(value.UpperFacetGroupList[0]?.FacetItems.map((f) => f.Name)).toEqual(['Postage', 'Click & Collect']);
    expect(value.StoreFacetGroupList.map((s) => s.Name)).toContain('New South Wales');
  });

  it('counts every facet as what choosing it returns, under text and filters', async () => {
    await expectCountsMatchChoices('query=apple&location=NSW,VIC&condition=3,4,5');
    await expectCountsMatchChoices('category=jewellery&price=100-250,250-500,2500-&onsale=true');
    await expectCountsMatchChoices('query=samsung&brand=samsung&delivery=postage&storage=128gb,256gb&haspictures=true');
    await expectCountsMatchChoices('category=phones&brand=apple&colour=black&location=NSW');
    // A chosen value in every group at once: each group's counts ignore only its own choice.
    await expectCountsMatchChoices(
      'category=phones&brand=apple,google&colour=black,blue&condition=3,4,5&delivery=pickup&price=100-250,250-500,500-1000&location=NSW,QLD,VIC,WA&storage=128gb',
    );
  });

  it('nests the category tree with counts that add up', async () => {
    const value = await search('query=apple');
    const group = value.CategoryFacetGroupList[0];
    const roots = group?.FacetItems ?? [];
    expect(roots.reduce((sum, r) => sum + r.Count, 0)).toBe(group?.Count);
    for (const root of roots) {
      expect(root.FacetItems.reduce((sum, c) => sum + c.Count, 0)).toBe(root.Count);
      expect(root.Term).toBe(`${root.Name}|${root.Guid}`);
    }
  });

  it('treats stores and states in location as one union, and marks them selected', async () => {
    const all = await search('');
    const tas = all.StoreFacetGroupList.find((s) => s.Guid === 'TAS');
    const vic = all.StoreFacetGroupList.find((s) => s.Guid === 'VIC');
    const oneVicStore = vic?.Stores[0];
    expect(tas && vic && oneVicStore).toBeTruthy();
    const both = await search(`location=TAS,${oneVicStore?.Guid}`);
    expect(both.ProductList.ProductListItemCount).toBe((tas?.TotalItemsInState ?? 0) + (oneVicStore?.Count ?? 0));
    expect(both.StoreFacetGroupList.find((s) => s.Guid === 'TAS')?.Selected).toBe(true);
    expect(
      both.StoreFacetGroupList.find((s) => s.Guid === 'VIC')?.Stores.find((s) => s.Guid === oneVicStore?.Guid)
        ?.Selected,
    ).toBe(true);
    expect(
      both.ProductList.ProductListItems.every(
        (i) => i.StoreNameWithState.endsWith('TAS') || i.StoreNameWithState === `${oneVicStore?.Name}, VIC`,
      ),
    ).toBe(true);
  });

  it("ignores category and location 'all'", async () => {
    const plain = await search('query=gold');
    const all = await search('query=gold&category=all&location=all');
    expect(all.ProductList.ProductListItemCount).toBe(plain.ProductList.ProductListItemCount);
  });

  it('pages through every result exactly once', async () => {
    const first = await search('query=phone&NumberOfResults=10');
    const count = first.ProductList.ProductListItemCount;
    expect(count).toBeGreaterThan(20);
    const seen = new Set<string>();
    for (let page = 1; page <= Math.ceil(count / 10); page++) {
      const value = await search(`query=phone&NumberOfResults=10&page=${page}`);
      expect(value.Page).toBe(page);
      for (const item of value.ProductList.ProductListItems) seen.add(item.Code);
    }
    expect(seen.size).toBe(count);
    const beyond = await search(`query=phone&NumberOfResults=10&page=${Math.ceil(count / 10) + 1}`);
    expect(beyond.ProductList.ProductListItems).toEqual([]);
    expect(beyond.ProductList.ProductListItemCount).toBe(count);
  });

  it('defaults to 16 per page and caps the page size, telling the client MaxResults', async () => {
    const normal = await search('');
    expect(normal.ProductList.ProductListItems).toHaveLength(16);
    expect(normal.MaxResults).toBe(16);
    const big = await search('NumberOfResults=500');
    expect(big.MaxResults).toBe(48);
    expect(big.ProductList.ProductListItems).toHaveLength(48);
  });

  it('sorts by price both ways, by condition and by newest, across pages', async () => {
    const pages = async (sort: string) => {
      const items = [];
      for (let page = 1; page <= 3; page++) {
        items.push(
          ...(await search(`query=phone&Sort=${encodeURIComponent(sort)}&page=${page}`)).ProductList.ProductListItems,
        );
      }
      return items;
    };
    const ascending = (await pages('price+')).map((i) => i.SpMinorUnits);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = (await pages('price-')).map((i) => i.SpMinorUnits);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    const condition = (await pages('condition-')).map((i) => i.Condition);
    expect(condition).toEqual([...condition].sort((a, b) => b - a));

    const newest = await pages('listed-');
    const listed = await database.handle.db
      .selectFrom('products')
      .select(['code', 'listed_at'])
      .where(
        'code',
        'in',
        newest.map((i) => i.Code),
      )
      .execute();
    const dateOf = new Map(listed.map((r) => [r.code, r.listed_at]));
    const dates = newest.map((i) => dateOf.get(i.Code) ?? '');
    expect(dates).toEqual([...dates].sort().reverse());

    const value = await search('query=phone&Sort=price%2B');
    expect(value.SortOptions.find((o) => o.Selected)?.Value).toBe('price+');
    expect(value.SortOptions.map((o) => o.Value)).toEqual(['relevance-', 'listed-', 'price+', 'price-', 'condition-']);
  });

  it('ranks the closest matches first', async () => {
    const value = await search('query=iphone%2013');
    expect(value.ProductList.ProductListItemCount).toBeGreaterThan(0);
    for (const item of value.ProductList.ProductListItems) expect(item.Title).toMatch(/iPhone 13/);
    // An item saying 'phone' itself (a car phone mount) first, then the smartphones their category's
    // keywords find, before what other categories' names find.
    const phones = (await search('query=phone&NumberOfResults=48')).ProductList.ProductListItems;
    const says = phones.map((i) => /\bphones?\b/i.test(i.Title));
    expect(says.indexOf(false)).toBeGreaterThan(says.lastIndexOf(true));
    const byCategory = phones.filter((i) => !/\bphones?\b/i.test(i.Title));
    expect(byCategory.slice(0, 8).every((i) => i.Category === 'Smartphones')).toBe(true);
  });

  it('finds what a misspelt query meant', async () => {
    const iphone = await search('query=iphnoe');
    expect(iphone.ProductList.ProductListItemCount).toBeGreaterThan(0);
    for (const item of iphone.ProductList.ProductListItems) expect(item.Title).toMatch(/iPhone/);
    const samsung = await search('query=samsnug');
    expect(samsung.ProductList.ProductListItemCount).toBeGreaterThan(0);
    for (const item of samsung.ProductList.ProductListItems) expect(item.Brand).toBe('Samsung');
  });

  describe('misspellings', () => {
    /** Every result of a query (the demo holds at most a few hundred of any one word). */
    async function allTitles(query: string): Promise<{ total: number; titles: string[] }> {
      const titles: string[] = [];
      for (let page = 1; ; page++) {
        const value = await search(`${new URLSearchParams({ query })}&NumberOfResults=48&page=${page}`);
        titles.push(...value.ProductList.ProductListItems.map((i) => i.Title));
        if (value.ProductList.ProductListItems.length < 48)
          return { total: value.ProductList.ProductListItemCount, titles };
      }
    }

    it.each([
      ['swith', 'switch', /Switch/],
      ['iphnoe', 'iphone', /iPhone/],
      ['samsnug', 'samsung', /Samsung/],
      ['giiant 2', 'giant 2', /Giant .*\b2\b/],
    ])('finds for %s exactly what %s finds, and suggests it', async (typed, meant, title) => {
      const found = await allTitles(typed);
      const wanted = await allTitles(meant);
      expect(found.total).toBeGreaterThan(0);
      expect(found).toEqual(wanted);
      for (const t of found.titles) expect(t).toMatch(title);
      const suggestions = await suggest(new URLSearchParams({ query: typed }).toString());
      expect(suggestions.AutoCompleteItems[0]?.PotentialSearchQuery).toBe(meant);
      const scoped = suggestions.PredectiveSearchItems.filter((i) => i.Type === 0);
      expect(scoped.length).toBeGreaterThan(0);
      for (const s of scoped) expect(s.DisplayName.startsWith(`${meant} in `)).toBe(true);
    });

    it("never takes a misspelling for a stop word: 'swith' is not every title with 'with'", async () => {
      expect((await allTitles('with')).total).toBeGreaterThan((await allTitles('switch')).total);
      const found = await allTitles('swith');
      expect(found.titles.some((t) => !/Switch/.test(t))).toBe(false);
      const suggestions = await suggest('query=swith');
      expect(JSON.stringify(suggestions)).not.toMatch(/"with in /);
    });

    it('leaves a model code the catalogue holds as it is (q600c), and does not turn another into it', async () => {
      const model = await allTitles('q600c');
      expect(model.total).toBeGreaterThan(0);
      for (const t of model.titles) expect(t).toContain('HW-Q600C');
      expect((await suggest('query=q600c')).AutoCompleteItems[0]?.PotentialSearchQuery).toBe('q600c');
      expect((await allTitles('q700c')).total).toBe(0);
    });

    it("means what was typed: 'laptop' finds laptops, those saying it first, and no tablet or monitor that does not", async () => {
      const laptop = await search('query=laptop&NumberOfResults=48');
      const items = laptop.ProductList.ProductListItems;
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        if (item.Category !== 'Laptops') expect(item.Title).toMatch(/laptop/i);
      }
      const facet = laptop.CategoryFacetGroupList[0]?.FacetItems.find((c) => c.Guid === 'computers');
      expect(facet?.FacetItems.map((c) => c.Guid)).toEqual(['laptops']);
      // Every item saying 'laptop' (Surface Laptop, gaming laptops) before every one found by its category alone.
      const saying = items.map((i) => /laptop/i.test(i.Title));
      expect(saying.some((s) => s)).toBe(true);
      expect(saying.indexOf(false)).toBeGreaterThan(saying.lastIndexOf(true));
      // A real slip still reads as the word meant.
      expect(await allTitles('lapotp')).toEqual(await allTitles('laptop'));
    });

    it("never corrects 'lamp' into 'amp': the demo holds no lamp and finds none", async () => {
      expect((await allTitles('amp')).total).toBeGreaterThan(0);
      expect((await allTitles('lamp')).total).toBe(0);
      const suggestions = await suggest('query=lamp');
      expect(JSON.stringify(suggestions)).not.toMatch(/"amp/);
    });

    it("keeps what a parent category's own words find: 'gaming' finds consoles, 'computers' tablets and monitors", async () => {
      const categoriesOf = async (query: string) =>
        (await search(`query=${query}`)).CategoryFacetGroupList[0]?.FacetItems.flatMap((c) =>
          c.FacetItems.map((f) => f.Guid),
        ) ?? [];
      expect(await categoriesOf('gaming')).toEqual(expect.arrayContaining(['consoles', 'video-games', 'controllers']));
      expect(await categoriesOf('computers')).toEqual(expect.arrayContaining(['laptops', 'tablets', 'monitors']));
    });

    it('does not match Lenovo for lens', async () => {
      const lenses = await allTitles('lens');
      expect(lenses.total).toBeGreaterThan(0);
      expect(lenses.titles.filter((t) => /Lenovo/.test(t))).toEqual([]);
      expect((await allTitles('lenovo')).total).toBeGreaterThan(0);
    });
  });

  it('stems and matches prefixes', async () => {
    const plural = await search('query=guitars');
    const singular = await search('query=guitar');
    expect(plural.ProductList.ProductListItemCount).toBe(singular.ProductList.ProductListItemCount);
    expect(singular.ProductList.ProductListItemCount).toBeGreaterThan(0);
    const prefix = await search('query=stratoc');
    expect(prefix.ProductList.ProductListItems.every((i) => i.Title.includes('Stratocaster'))).toBe(true);
    expect(prefix.ProductList.ProductListItemCount).toBeGreaterThan(0);
  });

  it('drops an item from results as soon as it sells, and shows a new price at once', async () => {
    await server.services.catalogue.setPrice(server.ctx(), widget.id, 99900);
    const repriced = await search('query=zorblax');
    expect(repriced.ProductList.ProductListItems[0]?.Sp).toBe('$999.00');
    await server.services.catalogue.setStatus(server.ctx(), widget.id, 'sold');
    expect((await search('query=zorblax')).ProductList.ProductListItemCount).toBe(0);
    await server.services.catalogue.setStatus(server.ctx(), widget.id, 'available');
    expect((await search('query=zorblax')).ProductList.ProductListItemCount).toBe(1);
  });

  it('finds content pages for the Pages tab', async () => {
    const value = await search('query=warranty');
    expect(value.ContentListResults.ContentListItemCount).toBeGreaterThan(0);
    expect(value.ContentListResults.ContentListItems[0]).toMatchObject({
      ContentType: 'ContentPage',
      Url: '/help/warranty',
      DisplayName: 'Warranty',
    });
    const store = await search('query=parramatta');
    expect(store.ContentListResults.ContentListItems[0]).toMatchObject({
      ContentType: 'StorePage',
      Url: '/stores/parramatta-nsw',
    });
  });

  it('gives breadcrumbs, pills and filter facets', async () => {
    const value = await search('query=apple&category=smartphones');
    expect(value.Breadcrumbs.map((b) => b.Label)).toEqual([
      'Home',
      'Search results for "apple"',
      'Phones',
      'Smartphones',
    ]);
    expect(value.Breadcrumbs[3]?.Url).toBe('/search-results?query=apple&category=smartphones');
    const top = await search('');
    expect(top.SearchPills.length).toBeGreaterThan(3);
    expect(top.SearchPills[0]?.Url).toMatch(/^\/search-results\?category=/);
    expect(top.FilterFacetList.map((f) => f.GroupName)).toEqual(['onsale', 'haspictures']);
  });

  describe('suggestions', () => {
    it('offers category-scoped searches, completions, products and top categories', async () => {
      const value = await suggest('query=iph&isMobileDevice=false&referrer=%2F');
      expect(value.PredectiveListItemCount).toBeGreaterThan(0);
      const scoped = value.PredectiveSearchItems.filter((i) => i.Type === 0);
      expect(scoped[0]).toEqual({
        DisplayName: 'iphone in Smartphones',
        Url: '/search-results?query=iphone&category=smartphones',
        Type: 0,
      });
      expect(value.AutoCompleteItems[0]).toEqual({
        PotentialSearchQuery: 'iphone',
        Url: '/search-results?query=iphone',
      });
      expect(
        value.PredectiveSearchItems.filter((i) => i.Type === 1).every((i) => i.DisplayName.includes('iPhone')),
      ).toBe(true);
      expect(value.PredictiveCategories[0]).toMatchObject({
        CategoryName: 'Phones',
        IconUrl: '/c3api/images/category-icon/phone.svg',
      });
    });

    it('shows fewer on a phone and puts the referring category first', async () => {
      const desktop = await suggest('query=sams&isMobileDevice=false');
      const mobile = await suggest('query=sams&isMobileDevice=true');
      expect(mobile.PredectiveSearchItems.length).toBeLessThan(desktop.PredectiveSearchItems.length);
      const fromTvs = await suggest(
        `query=sams&referrer=${encodeURIComponent('/search-results?category=televisions')}`,
      );
      expect(fromTvs.PredectiveSearchItems[0]?.Url).toContain('category=televisions');
    });

    it('corrects a misspelt word', async () => {
      const value = await suggest('query=samsnug');
      expect(value.AutoCompleteItems[0]?.PotentialSearchQuery).toBe('samsung');
      expect(value.PredectiveListItemCount).toBeGreaterThan(0);
    });

    it('drops an item that sells from the suggestions at once, although answers are kept', async () => {
      const before = (await suggest('query=zorbl')).PredectiveListItemCount;
      expect((await suggest('query=zorbl')).PredectiveListItemCount).toBe(before);
      await server.services.catalogue.setStatus(server.ctx(), widget.id, 'sold');
      expect((await suggest('query=zorbl')).PredectiveListItemCount).toBe(before - 1);
      await server.services.catalogue.setStatus(server.ctx(), widget.id, 'available');
      expect((await suggest('query=zorbl')).PredectiveListItemCount).toBe(before);
    });

    it('answers an empty list when nothing matches', async () => {
      const value = await suggest('query=qqqqzzzz');
      expect(value).toEqual({
        PredectiveListItemCount: 0,
        PredectiveSearchItems: [],
        AutoCompleteItems: [],
        PredictiveCategories: [],
      });
    });
  });

  describe('stores', () => {
    it('lists the region stores, by state or nearest first', async () => {
      const { body } = await server.get<StoreQueryValue>('/c3api/store/query/');
      expect(body.WasSuccessful).toBe(true);
      expect(body.Value.TotalStores).toBe(body.Value.Stores.length);
      expect(body.Value.Stores.every((s) => s.Region === 'AU')).toBe(true);
      expect(body.Value.Stores[0]).toHaveProperty('OpeningHours');
      const tas = await server.get<StoreQueryValue>('/c3api/store/query/?state=TAS');
      expect(tas.body.Value.Stores.map((s) => s.State)).toEqual(tas.body.Value.Stores.map(() => 'TAS'));
      expect(tas.body.Value.Stores.map((s) => s.Name)).toContain('Hobart');
      const near = await server.get<StoreQueryValue>(
        '/c3api/store/query/?sort=distance&latitude=-33.87&longitude=151.2',
      );
      const distances = near.body.Value.Stores.map((s) => s.DistanceKm ?? Number.NaN);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(near.body.Value.Stores[0]?.State).toBe('NSW');
    });

    it('rejects a bad coordinate', async () => {
      const { status, body } = await server.get('/c3api/store/query/?latitude=200');
      expect(status).toBe(400);
      expect(body.Message).toContain('latitude');
    });
  });

  describe('bad input', () => {
    it.each([
      ['/c3api/search/results?page=abc', 'page'],
      ['/c3api/search/results?page=0', 'page'],
      ['/c3api/search/results?NumberOfResults=-3', 'NumberOfResults'],
      ['/c3api/search/results?Sort=cheapest', 'Sort'],
      ['/c3api/search/results?onsale=maybe', 'onsale'],
      ['/c3api/search/results?price=cheap', 'price'],
      ['/c3api/search/results?location=New%20South%20Wales', 'location'],
      ['/c3api/search/results?brand=App%20le', 'brand'],
      [`/c3api/search/results?query=${'x'.repeat(201)}`, 'query'],
      ['/c3api/search/results?query=a&query=b', 'query'],
      ['/c3api/search/predective', 'query'],
      ['/c3api/search/predective?query=%20', 'query'],
      ['/c3api/search/predective?query=abc&isMobileDevice=yes', 'isMobileDevice'],
      ['/c3api/store/query/?sort=random', 'sort'],
    ])('%s is a 400 naming %s', async (path, field) => {
      const { status, body } = await server.get(path);
      expect(status).toBe(400);
      expect(body.WasSuccessful).toBe(false);
      expect(body.Value).toBeNull();
      expect(body.Message).toContain(field);
      expect(body.Message).not.toMatch(/\n\s+at /);
    });

    it('answers unknown /c3api paths with a JSON 404', async () => {
      const { status, body } = await server.get('/c3api/no/such/thing');
      expect(status).toBe(404);
      expect(body).toMatchObject({ WasSuccessful: false, Value: null });
    });
  });

  it('answers /healthz', async () => {
    const response = await fetch(`${server.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: target.name });
  });

  it('serves UK items in pounds with counties when the region is UK', async () => {
    const uk = await startTestServer(database, { REGION: 'UK' });
    try {
      const { body } = await uk.get<SearchResultsValue>('/c3api/search/results');
      expect(body.Value.ProductList.ProductListItemCount).toBeGreaterThan(0);
      expect(body.Value.ProductList.ProductListItems.every((i) => i.Sp.startsWith('£'))).toBe(true);
      expect(body.Value.StoreFacetGroupList.map((s) => s.Name)).toContain('Greater London');
      expect(body.Value.StoreFacetGroupList.map((s) => s.Name)).not.toContain('New South Wales');
      // The pickup service is named as the UK site names it everywhere else.
      const delivery = body.Value.UpperFacetGroupList.find((g) => g.GroupName === 'delivery');
      expect(delivery?.FacetItems.map((f) => f.Name)).toEqual(['Postage', 'Click and collect']);
    } finally {
      await uk.close();
    }
  });
});
