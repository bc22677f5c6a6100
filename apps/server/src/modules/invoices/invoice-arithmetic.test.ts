import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TaxTreatment } from '../../db/tables/orders.js';
import { splitByLargestRemainder } from '../promotions/split.js';
import {
  type InvoiceLineInput,
  type InvoiceShipmentInput,
  invoiceFigures,
  TAX_DIVISOR,
  taxIncluded,
} from './invoice-arithmetic.js';

/** The tax in an amount by another route than the code's: quotient and remainder, half up. */
function expectedTax(amount: number, divisor: number): number {
  const quotient = Math.floor(amount / divisor);
  const remainder = amount - quotient * divisor;
  return quotient + (2 * remainder >= divisor ? 1 : 0);
}

interface BasketItem {
  priceMinor: number;
  taxTreatment: TaxTreatment;
}
interface BasketStore {
  pickup: boolean;
  postageMinor: number;
  items: BasketItem[];
}

/** A basket across stores, each posted (with postage) or collected, and an order discount up to the items' total. */
const basketArbitrary = fc
  .record({
    region: fc.constantFrom<'AU' | 'UK'>('AU', 'UK'),
    stores: fc.array(
      fc.record({
        pickup: fc.boolean(),
        postageMinor: fc.oneof(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 20_000 })),
        items: fc.array(
          fc.record({
            // Free items, a few cents, ticket prices and the odd expensive piece.
            priceMinor: fc.oneof(
              fc.constant(0),
              fc.integer({ min: 1, max: 99 }),
              fc.integer({ min: 100, max: 500_000 }),
              fc.integer({ min: 500_000, max: 5_000_000 }),
            ),
            taxTreatment: fc.constantFrom<TaxTreatment>('standard', 'standard', 'gst_free', 'margin'),
          }),
          { minLength: 1, maxLength: 6 },
        ),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    discountFraction: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true })),
  })
  .map(({ region, stores, discountFraction }) => ({ region, stores: stores as BasketStore[], discountFraction }));

/**
 * The order checkout would store for the basket: each shipment's postage spread over its items by
 * price, the order's discount spread over every item by price (both with the shop's own
 * largest-remainder split, as place-order.flow.ts does), and the order's total.
 */
function placeOrder(stores: BasketStore[], discountFraction: number) {
  const shipments: InvoiceShipmentInput[] = [];
  const lines: InvoiceLineInput[] = [];
  let next = 1;
  stores.forEach((store, index) => {
    const shipmentId = 100 + index;
    const postageMinor = store.pickup ? 0 : store.postageMinor;
    shipments.push({ id: shipmentId, storeId: 10 + index, postageMinor });
    const keyed = store.items.map((item) => ({ key: next++, ...item }));
    const shares = splitByLargestRemainder(
      keyed.map((item) => ({ key: item.key, weight: item.priceMinor })),
      postageMinor,
    );
    for (const item of keyed) {
      lines.push({
        code: `SH${item.key}`,
        title: `Item ${item.key}`,
        shipmentId,
        priceMinor: item.priceMinor,
        discountMinor: 0,
        postageShareMinor: shares.get(item.key) ?? 0,
        taxTreatment: item.taxTreatment,
      });
    }
  });
  const itemsMinor = lines.reduce((sum, line) => sum + line.priceMinor, 0);
  const discountMinor = Math.floor(itemsMinor * discountFraction);
  const discounts = splitByLargestRemainder(
    lines.map((line) => ({ key: line.code, weight: line.priceMinor })),
    discountMinor,
  );
  for (const line of lines) line.discountMinor = discounts.get(line.code) ?? 0;
  const postageMinor = shipments.reduce((sum, s) => sum + s.postageMinor, 0);
  return { shipments, lines, discountMinor, totalMinor: itemsMinor - discountMinor + postageMinor };
}

describe('taxIncluded', () => {
  it('is one eleventh of a GST-inclusive amount, to the cent', () => {
    expect(taxIncluded(11_000, 11)).toBe(1000); // $110.00 -> $10.00
    expect(taxIncluded(1_100, 11)).toBe(100); // $11.00 -> $1.00
    expect(taxIncluded(34_995, 11)).toBe(3181); // $349.95 -> 3181.36 cents -> $31.81
    expect(taxIncluded(5, 11)).toBe(0); // $0.05 -> 0.45 cents -> 0
    expect(taxIncluded(6, 11)).toBe(1); // $0.06 -> 0.55 cents -> 1 cent
    expect(taxIncluded(0, 11)).toBe(0);
    expect(taxIncluded(1, 11)).toBe(0);
  });

  it('is one sixth of a VAT-inclusive amount (20%), half a penny rounding up', () => {
    expect(taxIncluded(12_000, 6)).toBe(2000); // £120.00 -> £20.00
    expect(taxIncluded(3, 6)).toBe(1); // 0.5p -> 1p
    expect(taxIncluded(9, 6)).toBe(2); // 1.5p -> 2p
    expect(taxIncluded(15, 6)).toBe(3); // 2.5p -> 3p
    expect(taxIncluded(2, 6)).toBe(0); // 0.33p -> 0
    expect(taxIncluded(4, 6)).toBe(1); // 0.67p -> 1p
    expect(taxIncluded(6_399, 6)).toBe(1067); // £63.99 -> 1066.5p -> £10.67
  });

  it('refuses a negative or fractional amount', () => {
    expect(() => taxIncluded(-1, 11)).toThrow(RangeError);
    expect(() => taxIncluded(1.5, 11)).toThrow(RangeError);
  });
});

describe('invoiceFigures, by hand', () => {
  const line = (overrides: Partial<InvoiceLineInput>): InvoiceLineInput => ({
    code: 'SH1',
    title: 'Item',
    shipmentId: 1,
    priceMinor: 0,
    discountMinor: 0,
    postageShareMinor: 0,
    taxTreatment: 'standard',
    ...overrides,
  });

  it('an AU store: a standard item, a GST-free one (bullion), postage shared by price', () => {
    // $110.00 standard + $55.00 GST-free, $16.50 postage shared by price: $11.00 and $5.50.
    const [store] = invoiceFigures(
      'AU',
      [{ id: 1, storeId: 7, postageMinor: 1650 }],
      [
        line({ code: 'A', priceMinor: 11_000, postageShareMinor: 1100 }),
        line({ code: 'B', priceMinor: 5_500, postageShareMinor: 550, taxTreatment: 'gst_free' }),
      ],
    );
    expect(store).toEqual({
      storeId: 7,
      shipmentId: 1,
      lines: [
        {
          code: 'A',
          title: 'Item',
          taxTreatment: 'standard',
          extendedPrice: 11_000,
          itemGstApplied: true,
          itemGstComponent: 1000,
          shippingGstComponent: 100,
          itemProportionateShippingCost: 1100,
        },
        {
          code: 'B',
          title: 'Item',
          taxTreatment: 'gst_free',
          extendedPrice: 5_500,
          itemGstApplied: false,
          itemGstComponent: 0,
          shippingGstComponent: 0,
          itemProportionateShippingCost: 550,
        },
      ],
      postageTotal: 1650,
      subTotal: 16_500,
      totalIncludingTax: 18_150,
      taxTotal: 1100,
    });
  });

  it('a discounted line is taxed on what was paid', () => {
    // $110.00 less a $11.00 share of the discount: $99.00 paid, $9.00 GST.
    const [store] = invoiceFigures(
      'AU',
      [{ id: 1, storeId: 7, postageMinor: 0 }],
      [line({ priceMinor: 11_000, discountMinor: 1_100 })],
    );
    expect(store?.lines[0]?.extendedPrice).toBe(9_900);
    expect(store?.lines[0]?.itemGstComponent).toBe(900);
    expect(store?.taxTotal).toBe(900);
    expect(store?.totalIncludingTax).toBe(9_900);
  });

  it('rounds each line on its own (three $0.06 lines: 1 cent each, not round(18/11) = 2)', () => {
    const [store] = invoiceFigures(
      'AU',
      [{ id: 1, storeId: 7, postageMinor: 0 }],
      [line({ code: 'A', priceMinor: 6 }), line({ code: 'B', priceMinor: 6 }), line({ code: 'C', priceMinor: 6 })],
    );
    expect(store?.lines.map((l) => l.itemGstComponent)).toEqual([1, 1, 1]);
    expect(store?.taxTotal).toBe(3);
  });

  it('a UK store: margin-scheme items show no VAT, a standard item and its postage do', () => {
    // £64.00 margin + £36.00 standard, £5.00 postage shared by price: £3.20 and £1.80.
    const [store] = invoiceFigures(
      'UK',
      [{ id: 2, storeId: 8, postageMinor: 500 }],
      [
        line({ code: 'M', shipmentId: 2, priceMinor: 6_400, postageShareMinor: 320, taxTreatment: 'margin' }),
        line({ code: 'S', shipmentId: 2, priceMinor: 3_600, postageShareMinor: 180 }),
      ],
    );
    expect(store?.lines.map((l) => [l.itemGstApplied, l.itemGstComponent, l.shippingGstComponent])).toEqual([
      [false, 0, 0],
      [true, 600, 30],
    ]);
    expect(store?.taxTotal).toBe(630);
    expect(store?.totalIncludingTax).toBe(10_500);
  });

  it('keeps each store apart and in the shipments order', () => {
    const stores = invoiceFigures(
      'AU',
      [
        { id: 1, storeId: 7, postageMinor: 995 },
        { id: 2, storeId: 9, postageMinor: 0 },
      ],
      [
        line({ code: 'X', shipmentId: 2, priceMinor: 2_200 }),
        line({ code: 'Y', shipmentId: 1, priceMinor: 4_400, postageShareMinor: 995 }),
      ],
    );
    expect(stores.map((s) => [s.storeId, s.lines.map((l) => l.code), s.totalIncludingTax, s.taxTotal])).toEqual([
      [7, ['Y'], 5_395, 400 + 90],
      [9, ['X'], 2_200, 200],
    ]);
  });

  it('refuses stored figures that would not add up', () => {
    expect(() =>
      invoiceFigures(
        'AU',
        [{ id: 1, storeId: 7, postageMinor: 1000 }],
        [line({ priceMinor: 100, postageShareMinor: 999 })],
      ),
    ).toThrow(/postage shares add up to 999/);
    expect(() =>
      invoiceFigures('AU', [{ id: 1, storeId: 7, postageMinor: 0 }], [line({ priceMinor: 100, discountMinor: 101 })]),
    ).toThrow(RangeError);
  });
});

describe('invoiceFigures, on random baskets (fast-check)', () => {
  it('per-line tax is round(x / 11) (UK: x / 6), shares and totals add up to the order total', () => {
    fc.assert(
      fc.property(basketArbitrary, ({ region, stores, discountFraction }) => {
        const order = placeOrder(stores, discountFraction);
        const divisor = TAX_DIVISOR[region];
        const figures = invoiceFigures(region, order.shipments, order.lines);
        expect(figures).toHaveLength(order.shipments.length);

        for (const [index, store] of figures.entries()) {
          const shipment = order.shipments[index] as InvoiceShipmentInput;
          expect(store.storeId).toBe(shipment.storeId);
          for (const figure of store.lines) {
            const input = order.lines.find((l) => l.code === figure.code) as InvoiceLineInput;
            const applied = input.taxTreatment === 'standard';
            expect(figure.extendedPrice).toBe(input.priceMinor - input.discountMinor);
            expect(figure.extendedPrice).toBeGreaterThanOrEqual(0);
            expect(figure.itemGstApplied).toBe(applied);
            expect(figure.itemGstComponent).toBe(applied ? expectedTax(figure.extendedPrice, divisor) : 0);
            expect(figure.shippingGstComponent).toBe(
              applied ? expectedTax(figure.itemProportionateShippingCost, divisor) : 0,
            );
            // Never more than half a cent from the exact fraction.
            if (applied) {
              expect(Math.abs(figure.itemGstComponent * divisor - figure.extendedPrice)).toBeLessThanOrEqual(
                divisor / 2,
              );
            }
          }
          // The postage shares add up to the shipment's postage exactly.
          expect(store.postageTotal).toBe(shipment.postageMinor);
          expect(store.lines.reduce((s, l) => s + l.itemProportionateShippingCost, 0)).toBe(shipment.postageMinor);
          expect(store.subTotal).toBe(store.lines.reduce((s, l) => s + l.extendedPrice, 0));
          expect(store.totalIncludingTax).toBe(store.subTotal + store.postageTotal);
          expect(store.taxTotal).toBe(store.lines.reduce((s, l) => s + l.itemGstComponent + l.shippingGstComponent, 0));
          // The tax is never more than 1/11 (1/6) of the store's total, give or take the half cent
          // each rounded figure may add; exactly nothing when no item carries tax.
          const rounded = store.lines.filter((l) => l.itemGstApplied).length * 2;
          expect(store.taxTotal * divisor).toBeLessThanOrEqual(store.totalIncludingTax + (rounded * divisor) / 2);
          if (rounded === 0) expect(store.taxTotal).toBe(0);
        }
        // Over every store, the invoices add up to what the shopper paid.
        expect(figures.reduce((s, f) => s + f.totalIncludingTax, 0)).toBe(order.totalMinor);
        expect(order.lines.reduce((s, l) => s + l.discountMinor, 0)).toBe(order.discountMinor);
      }),
      { numRuns: 1000 },
    );
  });

  it('a basket of standard items only: the tax is the exact fraction of the total within half a cent per figure', () => {
    fc.assert(
      fc.property(basketArbitrary, ({ region, stores, discountFraction }) => {
        const standard = stores.map((s) => ({
          ...s,
          items: s.items.map((i) => ({ ...i, taxTreatment: 'standard' as const })),
        }));
        const order = placeOrder(standard, discountFraction);
        const divisor = TAX_DIVISOR[region];
        const figures = invoiceFigures(region, order.shipments, order.lines);
        const tax = figures.reduce((s, f) => s + f.taxTotal, 0);
        const components = order.lines.length * 2;
        expect(Math.abs(tax * divisor - order.totalMinor)).toBeLessThanOrEqual((components * divisor) / 2);
      }),
      { numRuns: 500 },
    );
  });
});
