import type { ProductDetail, ProductListItem, SearchResultsValue } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { sqliteTestDatabaseTarget } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

/**
 * What a shopper sees of the demo catalogue agrees with itself: a card never offers postage for an
 * item whose page says it cannot be posted, and a percentage badge's promise is what the was and
 * now prices show.
 */
describe('the demo catalogue as shoppers see it', () => {
  const { database, server } = useTestShop(sqliteTestDatabaseTarget(), {
    seed: { products: 1500, seed: 5 },
  });

  async function cards(params: string, pages = 4): Promise<ProductListItem[]> {
    const all: ProductListItem[] = [];
    for (let page = 1; page <= pages; page++) {
      const { status, body } = await server.get<SearchResultsValue>(`/c3api/search/results?${params}&page=${page}`);
      expect(status).toBe(200);
      all.push(...body.Value.ProductList.ProductListItems);
    }
    return all;
  }

  async function detail(code: string): Promise<ProductDetail> {
    const { status, body } = await server.get<ProductDetail>(`/c3api/product/query?code=${code}`);
    expect(status).toBe(200);
    return body.Value;
  }

  it('never shows a postage price on the card of an item that cannot be posted', async () => {
    const rows = await database.handle.db
      .selectFrom('products')
      .select(['code', 'postable'])
      .where('postable', '=', 0)
      .where('status', '=', 'available')
      .execute();
    expect(rows.length).toBeGreaterThan(20);
    const pickupOnly = new Set(rows.map((r) => r.code));
    // Bulky kinds of item, where pickup-only items are.
    const seen = [
      ...(await cards('category=televisions')),
      ...(await cards('category=bikes')),
      ...(await cards('category=keyboards-pianos')),
    ].filter((card) => pickupOnly.has(card.Code));
    expect(seen.length).toBeGreaterThan(10);
    for (const card of seen) {
      expect(card.ShippingLabel, card.Title).not.toMatch(/Postage|\$|£/);
      expect(card.ShippingCost).toBeNull();
    }
    for (const card of seen.slice(0, 8)) {
      const page = await detail(card.Code);
      expect(page.CanPost).toBe(false);
      expect(page.ShippingLabel).toBe(card.ShippingLabel);
    }
    // And the postage filter does not offer them either.
    for (const category of ['televisions', 'bikes', 'keyboards-pianos']) {
      const posted = await cards(`category=${category}&delivery=postage`, 1);
      expect(posted.filter((card) => pickupOnly.has(card.Code))).toEqual([]);
    }
  });

  it('says what the item page says about postage on every card', async () => {
    const sample = (await cards('query=', 2)).slice(0, 20);
    for (const card of sample) {
      const page = await detail(card.Code);
      expect(card.ShippingLabel).toBe(page.ShippingLabel);
      expect(card.ShippingCost).toBe(page.ShippingCost);
      if (card.ShippingLabel.includes('Postage')) expect(page.CanPost).toBe(true);
    }
  });

  it('shows a percentage promotion only where the was and now prices are that far apart', async () => {
    const promoted = (await cards('onsale=true', 8)).filter((card) => card.Promotion?.DiscountMethod === 'Percentage');
    expect(promoted.length).toBeGreaterThan(0);
    for (const card of promoted) {
      const actual = Math.round(((card.RrpMinorUnits - card.SpMinorUnits) * 100) / card.RrpMinorUnits);
      expect(actual, card.Title).toBe(card.Promotion?.DiscountAmount);
    }
  });
});
