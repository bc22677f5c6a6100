import {
  type ConsoleItem,
  type ProductDetail,
  type Region,
  type SearchResultsValue,
  SIZE_NEEDED_FOR_POSTING_MESSAGE,
} from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAccount } from '../../../test/console-fixtures.js';
import { categoryIdBySlug, makeStore } from '../../../test/factories.js';
import type { TestClient } from '../../../test/test-client.js';
import { testDatabaseTargets } from '../../../test/test-database.js';
import type { TestServer } from '../../../test/test-server.js';
import { useTestShop } from '../../../test/test-shop.js';

/**
 * The add-item rules in both regions: weight and size are needed only when the item can be posted,
 * and colour and storage put a console-listed item under the search's Colour and Storage filters.
 */
describe.each(testDatabaseTargets())('adding an item in the store console on $name', (target) => {
  const shop = useTestShop(target, { seed: { products: 0, seed: 1 } });
  const uk = shop.alsoServe({ REGION: 'UK' });
  const regions: { region: Region; server: () => TestServer; state: string }[] = [
    { region: 'AU', server: () => shop.server, state: 'VIC' },
    { region: 'UK', server: () => uk, state: 'LND' },
  ];
  const staff = new Map<Region, { client: TestClient; storeId: number }>();
  let guitars: number;

  beforeAll(async () => {
    const db = shop.database.handle.db;
    guitars = await categoryIdBySlug(db, 'guitars');
    for (const { region, server, state } of regions) {
      const store = await makeStore(db, { region, state, name: `Rules ${region}` });
      staff.set(region, {
        client: (await staffAccount(server(), 'store_staff', [store.id])).client,
        storeId: store.id,
      });
    }
  });

  const add = (region: Region, fields: Record<string, unknown>) => {
    const { client, storeId } = staff.get(region) ?? raise();
    return client.post<ConsoleItem>(`/c3api/console/stores/${storeId}/items`, {
      Title: 'Telecaster body, pickup only',
      CategoryId: guitars,
      Condition: 3,
      PriceMinor: 45_000,
      Postable: false,
      ...fields,
    });
  };

  describe.each(regions)('in $region', ({ region, server }) => {
    it('lists a pickup-only item without weight or size, and reads the sizes back as not given', async () => {
      const reply = await add(region, { Title: `Pickup only ${region} wombatcaster` });
      expect(reply.status, reply.body.Message ?? undefined).toBe(200);
      expect(reply.body.Value).toMatchObject({
        Postable: false,
        WeightGrams: null,
        LengthCm: null,
        WidthCm: null,
        HeightCm: null,
        Colour: null,
        Storage: null,
      });
      const search = await server().get<SearchResultsValue>('/c3api/search/results?query=wombatcaster');
      expect(search.body.Value.ProductList.ProductListItemCount).toBe(1);
    });

    it('refuses an item that can be posted without weight or size: 400 naming each field, nothing written', async () => {
      const title = `Postable ${region} without a size`;
      const reply = await add(region, { Title: title, Postable: true, WeightGrams: 1200 });
      expect(reply.status).toBe(400);
      expect(reply.body.FieldErrors).toEqual(
        ['LengthCm', 'WidthCm', 'HeightCm'].map((Field) => ({ Field, Message: SIZE_NEEDED_FOR_POSTING_MESSAGE })),
      );
      const written = await shop.database.handle.db
        .selectFrom('products')
        .select('id')
        .where('title', '=', title)
        .execute();
      expect(written).toEqual([]);
      const sized = await add(region, {
        Title: `Postable ${region} with a size`,
        Postable: true,
        WeightGrams: 1200,
        LengthCm: 40,
        WidthCm: 30,
        HeightCm: 10,
      });
      expect(sized.status, sized.body.Message ?? undefined).toBe(200);
      expect(sized.body.Value).toMatchObject({ WeightGrams: 1200, LengthCm: 40, WidthCm: 30, HeightCm: 10 });
    });

    it('puts an item listed with a colour and storage under those search filters, and refuses values the filters do not list', async () => {
      const reply = await add(region, {
        Title: `Galaxy ${region} numbatphone`,
        Colour: 'rose-gold',
        Storage: '256gb',
      });
      expect(reply.status, reply.body.Message ?? undefined).toBe(200);
      expect(reply.body.Value).toMatchObject({ Colour: 'rose-gold', Storage: '256gb' });

      const found = await server().get<SearchResultsValue>(
        '/c3api/search/results?query=numbatphone&colour=rose-gold&storage=256gb',
      );
      expect(found.body.Value.ProductList.ProductListItems.map((i) => i.Code)).toEqual([reply.body.Value.Code]);
      const facets = found.body.Value.LowerFacetGroupList.flatMap((g) => g.FacetItems.filter((f) => f.Selected));
      expect(facets.map((f) => f.Name)).toEqual(['Rose Gold', '256GB']);
      const otherColour = await server().get<SearchResultsValue>(
        '/c3api/search/results?query=numbatphone&colour=black',
      );
      expect(otherColour.body.Value.ProductList.ProductListItemCount).toBe(0);

      // The product page's specifications name them as the demo's items do.
      const page = await server().get<ProductDetail>(`/c3api/product/query?code=${reply.body.Value.Code}`);
      expect(page.body.Value.Specifications).toEqual(
        expect.arrayContaining([
          { Name: 'Storage', Value: '256GB' },
          { Name: 'Colour', Value: 'Rose Gold' },
        ]),
      );

      const bad = await add(region, { Title: `Bad colour ${region}`, Colour: 'mauve', Storage: '3gb' });
      expect(bad.status).toBe(400);
      expect(bad.body.FieldErrors?.map((f) => f.Field)).toEqual(['Colour', 'Storage']);
    });
  });
});

function raise(): never {
  throw new Error('no staff for the region');
}
