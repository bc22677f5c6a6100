import {
  AU_POSTCODE_MESSAGE,
  type Money,
  type PostageQuote,
  type ProductDetail,
  type Region,
  type SearchResultsValue,
  type ShippingEstimate,
  UK_POSTCODE_MESSAGE,
} from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { SURCHARGE } from '../../seed/shipping-seed.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import type { TestServer } from '../../test/test-server.js';
import { useTestShop } from '../../test/test-shop.js';

/**
 * The postage a card and a product page promise is what checkout charges: on the demo catalogue
 * (its table rates, Express off at some stores, handling at others, the surcharge above $500 /
 * £400), one item's quote for a postcode equals the checkout's estimate and total for a cart of
 * that item alone, and its "Postage from" is the least of its quotes over one postcode per zone.
 */

/** One postcode in each zone of the demo's tables, with an address checkout accepts there. */
const PLACES: Record<Region, { PostCode: string; Suburb: string; State: string }[]> = {
  AU: [
    { PostCode: '2000', Suburb: 'Sydney', State: 'NSW' },
    { PostCode: '2580', Suburb: 'Goulburn', State: 'NSW' },
    // Alice Springs: the Remote zone, Regular only.
    { PostCode: '0870', Suburb: 'Alice Springs', State: 'NT' },
  ],
  UK: [
    { PostCode: 'M1 1AE', Suburb: 'Manchester', State: 'Greater Manchester' },
    { PostCode: 'IV2 3AA', Suburb: 'Inverness', State: 'Highland' },
    { PostCode: 'BT1 1AA', Suburb: 'Belfast', State: 'Antrim' },
    { PostCode: 'JE2 3AA', Suburb: 'St Helier', State: 'Jersey' },
  ],
};
const POSTAGE_OPTION: Record<Region, string> = { AU: 'AustraliaPost', UK: 'Generic' };

describe.each(testDatabaseTargets())('an item page quote against checkout on $name', (target) => {
  const shop = useTestShop(target, { seed: { products: 800, seed: 4 }, env: { TRUST_PROXY: 'true' } });
  const uk = shop.alsoServe({ TRUST_PROXY: 'true', REGION: 'UK' });
  const servers = (): Record<Region, TestServer> => ({ AU: shop.server, UK: uk });

  /** Per region: a cheap postable item and one above the surcharge threshold, from stores open to pickup. */
  const picked: Record<Region, { cheap: { id: number; code: string }; dear: { id: number; code: string } }> =
    {} as never;
  beforeAll(async () => {
    for (const region of ['AU', 'UK'] as const) {
      const of = (dear: boolean) =>
        shop.database.handle.db
          .selectFrom('products as p')
          .innerJoin('stores as s', 's.id', 'p.store_id')
          .select(['p.id', 'p.code'])
          .where('s.region', '=', region)
          .where('s.pickup_disabled', '=', 0)
          .where('p.status', '=', 'available')
          .where('p.postable', '=', 1)
          .where('p.weight_grams', '<', 2500)
          .where('p.price_minor', dear ? '>' : '<', SURCHARGE[region].thresholdMinor)
          .orderBy('p.id')
          .executeTakeFirstOrThrow();
      picked[region] = { cheap: await of(false), dear: await of(true) };
    }
  });

  const quote = (region: Region, code: string, postcode: string) =>
    servers()[region].get<PostageQuote>(
      `/c3api/product/postage?${new URLSearchParams({ code: code.toLowerCase(), postcode })}`,
    );

  /** What checkout estimates and totals for a cart holding this item alone, posted there. */
  async function checkoutFor(region: Region, id: number, place: (typeof PLACES)[Region][number]) {
    const client = new TestClient(servers()[region].baseUrl);
    expect((await client.post(`/c3api/cart/add?productId=${id}`)).status).toBe(200);
    const estimate = await client.post<ShippingEstimate>('/c3api/checkout/shipping/estimate', {
      SystemName: POSTAGE_OPTION[region],
      DeliveryAddress: { Line1: '1 High St', ...place },
    });
    expect(estimate.status, estimate.body.Message ?? '').toBe(200);
    const total = await client.post<Money>('/c3api/checkout/shipping/setexpresscost', [
      { IsExpress: false, ShippingMethodId: POSTAGE_OPTION[region] },
    ]);
    return { estimate: estimate.body.Value, total: total.status === 200 ? total.body.Value.Amount : null };
  }

  it.each(['AU', 'UK'] as const)(
    '%s: the quote for each postcode is what checkout charges for the item',
    async (region) => {
      for (const which of ['cheap', 'dear'] as const) {
        const item = picked[region][which];
        const detail = (await servers()[region].get<ProductDetail>(`/c3api/product/query?code=${item.code}`)).body
          .Value;
        const amounts: number[] = [];
        for (const place of PLACES[region]) {
          const reply = await quote(region, item.code, place.PostCode);
          expect(reply.status, reply.body.Message ?? '').toBe(200);
          const { PostCode, ...estimate } = reply.body.Value;
          expect(PostCode).toBe(place.PostCode);
          const checkout = await checkoutFor(region, item.id, place);
          expect(estimate, `${which} item to ${place.PostCode}`).toEqual(checkout.estimate);
          expect(estimate.MissingTableRateMessage).toBeNull();
          const regular = estimate.Regular?.Amount ?? Number.NaN;
          expect(checkout.total).toBe(detail.SpMinorUnits + regular);
          // The surcharge is compulsory above the threshold, and only there.
          expect(estimate.HasSignatureOnDelivery).toBe(which === 'dear');
          expect(estimate.SodAndInsuranceCost.Amount).toBe(which === 'dear' ? SURCHARGE[region].surchargeMinor : 0);
          amounts.push(regular);
          if (estimate.Express) amounts.push(estimate.Express.Amount);
        }
        // "Postage from": the least of them, surcharge included, on the page and on its card.
        expect(detail.ShippingCost).toBe(Math.min(...amounts));
        expect(detail.ShippingLabel).toMatch(/^Postage (from|only, from) [$£]\d+\.\d\d/);
        expect(detail.ShippingLabel).toContain(detail.ShippingLabel.includes('£') ? '£' : '$');
        const results = await servers()[region].get<SearchResultsValue>(
          `/c3api/search/results?${new URLSearchParams({ query: detail.Title, pageSize: '48' })}`,
        );
        const card = results.body.Value.ProductList.ProductListItems.find((c) => c.Code === detail.Code);
        expect(card?.ShippingCost).toBe(detail.ShippingCost);
        expect(card?.ShippingLabel).toBe(detail.ShippingLabel);
      }
    },
  );

  it('AU: Alice Springs costs more than Sydney, and has no Express', async () => {
    const { code } = picked.AU.cheap;
    const sydney = (await quote('AU', code, '2000')).body.Value;
    const alice = (await quote('AU', code, '0870')).body.Value;
    expect(alice.Regular?.Amount ?? 0).toBeGreaterThan(sydney.Regular?.Amount ?? 0);
    expect(alice.Express).toBeNull();
    expect(alice.RegularTimeLine).toMatch(/business days?$/);
  });

  it('answers 400 naming the postcode for one of the wrong shape, and 404 for an unknown item', async () => {
    const au = await quote('AU', picked.AU.cheap.code, '20000');
    expect(au.status).toBe(400);
    expect(JSON.stringify(au.body)).toContain(AU_POSTCODE_MESSAGE);
    const ukBad = await quote('UK', picked.UK.cheap.code, '2000');
    expect(ukBad.status).toBe(400);
    expect(JSON.stringify(ukBad.body)).toContain(UK_POSTCODE_MESSAGE);
    expect((await quote('AU', 'ZZZZ9999', '2000')).status).toBe(404);
  });
});
