import {
  AU_POSTCODE_MESSAGE,
  type CardPostage,
  type PostageQuote,
  type Region,
  UK_POSTCODE_MESSAGE,
} from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { SURCHARGE } from '../../seed/shipping-seed.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import type { TestServer } from '../../test/test-server.js';
import { useTestShop } from '../../test/test-shop.js';

/**
 * The cards' postage line once the shopper's postcode is known is the single quote's figure (what
 * checkout charges for the item alone, checked against checkout in item-postage.api.test.ts): the
 * cheapest of its Regular and Express, surcharge and handling included, for a page of cards at once.
 */
describe.each(testDatabaseTargets())('cards postage to a postcode on $name', (target) => {
  const shop = useTestShop(target, { seed: { products: 800, seed: 4 }, env: { TRUST_PROXY: 'true' } });
  const uk = shop.alsoServe({ TRUST_PROXY: 'true', REGION: 'UK' });
  const servers = (): Record<Region, TestServer> => ({ AU: shop.server, UK: uk });

  const cards = (region: Region, codes: string[], postcode: string) =>
    servers()[region].get<CardPostage>(
      `/c3api/product/postage/cards?${new URLSearchParams({ codes: codes.join(','), postcode })}`,
    );
  const quote = async (region: Region, code: string, postcode: string) => {
    const reply = await servers()[region].get<PostageQuote>(
      `/c3api/product/postage?${new URLSearchParams({ code, postcode })}`,
    );
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    return reply.body.Value;
  };
  const cheapest = (q: PostageQuote) =>
    q.Regular === null ? null : Math.min(q.Regular.Amount, q.Express?.Amount ?? Number.POSITIVE_INFINITY);

  /** Items on sale at stores open to pickup, by id. */
  const onSale = (region: Region) =>
    shop.database.handle.db
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .select(['p.id', 'p.code', 'p.store_id', 'p.price_minor', 'p.postable', 'p.disable_in_store_pickup'])
      .where('s.region', '=', region)
      .where('s.pickup_disabled', '=', 0)
      .where('p.status', '=', 'available')
      .orderBy('p.id');

  /** A store's postable items made one parcel class (same weight and size), priced across the surcharge threshold. */
  let straddling: string[] = [];
  let sameClass: string[] = [];
  beforeAll(async () => {
    const db = shop.database.handle.db;
    const stores = await db
      .selectFrom('store_shipping_settings as t')
      .innerJoin('stores as s', 's.id', 't.store_id')
      .select('t.store_id')
      .where('s.region', '=', 'AU')
      .where('s.pickup_disabled', '=', 0)
      .where('t.surcharge_threshold_minor', '=', SURCHARGE.AU.thresholdMinor)
      .orderBy('t.store_id')
      .execute();
    let items: Awaited<ReturnType<ReturnType<typeof onSale>['execute']>> = [];
    for (const { store_id } of stores) {
      items = await onSale('AU').where('p.store_id', '=', store_id).limit(7).execute();
      if (items.length === 7) break;
    }
    expect(items.length).toBe(7);
    const prices = [10_000, 49_000, 50_000, 50_001, 70_000, 12_000, 13_000];
    for (const [i, item] of items.entries()) {
      await db
        .updateTable('products')
        .set({
          postable: 1,
          weight_grams: i < 5 ? 900 : 1800,
          length_cm: 10,
          width_cm: 10,
          height_cm: 10,
          price_minor: prices[i] as number,
        })
        .where('id', '=', item.id)
        .execute();
    }
    straddling = items.slice(0, 5).map((item) => item.code);
    sameClass = items.slice(5).map((item) => item.code);
  });

  it('AU: a page of 48 cards says what the single quote says, item by item, to a metro and a remote postcode', async () => {
    const items = await onSale('AU')
      .where('p.postable', '=', 1)
      .where('p.code', 'not in', [...straddling, ...sameClass])
      .limit(48 - 7)
      .execute();
    const codes = [...items.map((item) => item.code), ...straddling, ...sameClass];
    expect(codes.length).toBe(48);
    for (const postcode of ['2150', '0870']) {
      const reply = await cards('AU', codes, postcode);
      expect(reply.status, reply.body.Message ?? '').toBe(200);
      const byCode = new Map(reply.body.Value.Items.map((item) => [item.Code, item]));
      expect(byCode.size).toBe(48);
      for (const code of codes) {
        const single = await quote('AU', code, postcode);
        const card = byCode.get(code);
        expect(card?.PostageMinor, `${code} to ${postcode}`).toBe(cheapest(single));
      }
    }
    // Across the threshold only the items above it carry the surcharge, in the card as in the quote.
    const reply = await cards('AU', straddling, '2150');
    const amounts = straddling.map((code) => reply.body.Value.Items.find((item) => item.Code === code)?.PostageMinor);
    const [low, , atThreshold, above, high] = amounts as number[];
    expect(atThreshold).toBe(low);
    expect(above).toBe((low as number) + SURCHARGE.AU.surchargeMinor);
    expect(high).toBe(above);
  });

  it('AU: exact wording, a surcharge item, a postcode without a table rate and unknown codes', async () => {
    const item = await onSale('AU')
      .where('p.postable', '=', 1)
      .where('p.disable_in_store_pickup', '=', 0)
      .where('p.weight_grams', '<', 2500)
      .where('p.price_minor', '>', SURCHARGE.AU.thresholdMinor)
      .executeTakeFirstOrThrow();
    const single = await quote('AU', item.code, '2150');
    expect(single.HasSignatureOnDelivery).toBe(true);
    const reply = await cards('AU', [item.code.toLowerCase(), 'ZZZZ9999'], '2150');
    expect(reply.status).toBe(200);
    const expected = cheapest(single) as number;
    expect(reply.body.Value.Items).toEqual([
      {
        Code: item.code,
        PostageMinor: expected,
        Label: `Postage $${(expected / 100).toFixed(2)} to 2150`,
      },
    ]);
    expect(single.SodAndInsuranceCost.Amount).toBe(SURCHARGE.AU.surchargeMinor);

    // 0100 is in no zone of the demo's tables: the quote says so, and so does the card.
    const nowhere = await quote('AU', item.code, '0100');
    expect(nowhere.MissingTableRateMessage).not.toBeNull();
    const none = await cards('AU', [item.code], '0100');
    expect(none.body.Value.Items).toEqual([
      { Code: item.code, PostageMinor: null, Label: 'Pickup only (no postage to 0100)' },
    ]);

    // An item no store would post reads as it does without a postcode.
    const unpostable = await onSale('AU')
      .where('p.postable', '=', 0)
      .where('p.disable_in_store_pickup', '=', 0)
      .executeTakeFirstOrThrow();
    const pickup = await cards('AU', [unpostable.code], '2150');
    expect(pickup.body.Value.Items).toEqual([{ Code: unpostable.code, PostageMinor: null, Label: 'Pickup only' }]);
  });

  it('UK: the card names the postcode as the quote does, in pounds', async () => {
    const item = await onSale('UK')
      .where('p.postable', '=', 1)
      .where('p.disable_in_store_pickup', '=', 0)
      .where('p.weight_grams', '<', 2500)
      .executeTakeFirstOrThrow();
    const single = await quote('UK', item.code, 'm1 1ae');
    const reply = await cards('UK', [item.code], 'm1 1ae');
    const expected = cheapest(single) as number;
    expect(reply.body.Value.Items).toEqual([
      {
        Code: item.code,
        PostageMinor: expected,
        Label: `Postage £${(expected / 100).toFixed(2)} to M1 1AE`,
      },
    ]);
  });

  it('answers 400 naming the field for a postcode of the wrong shape, too many codes or a code of the wrong shape', async () => {
    const [item] = await onSale('AU').limit(1).execute();
    const code = item?.code as string;
    const au = await cards('AU', [code], '20000');
    expect(au.status).toBe(400);
    expect(JSON.stringify(au.body)).toContain(AU_POSTCODE_MESSAGE);
    const ukBad = await cards('UK', [code], '2000');
    expect(ukBad.status).toBe(400);
    expect(JSON.stringify(ukBad.body)).toContain(UK_POSTCODE_MESSAGE);
    const many = await cards(
      'AU',
      Array.from({ length: 49 }, (_, i) => `AB${i}`),
      '2000',
    );
    expect(many.status).toBe(400);
    expect(JSON.stringify(many.body)).toContain('at most 48');
    expect(JSON.stringify(many.body)).toContain('codes');
    expect((await cards('AU', ['AB-1'], '2000')).status).toBe(400);
    expect((await servers().AU.get('/c3api/product/postage/cards?postcode=2000')).status).toBe(400);
  });
});
