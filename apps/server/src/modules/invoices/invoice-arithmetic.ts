import type { Region } from '@shop/contract';
import type { TaxTreatment } from '../../db/tables/orders.js';

/**
 * The tax invoice's arithmetic, from an order's stored lines and shipments to per-store figures.
 * Pure: no I/O, no clock. All money is integer minor units (cents, pence).
 *
 * The rules (see README.md in this folder for the sources):
 * - a line's ExtendedPrice is what was paid for the item: its price less its share of the order's
 *   discount (order_lines.discount_minor, already spread by price so the shares add up);
 * - its ItemProportionateShippingCost is its share of its shipment's postage
 *   (order_lines.postage_share_minor, already spread by price so the shares add up);
 * - prices are tax-inclusive: the tax in an amount is 1/11 of it in Australia (GST at 10%) and 1/6
 *   in the UK (VAT at 20%), rounded half up to the cent for each line, separately for the item
 *   (ItemGstComponent) and for its postage share (ShippingGstComponent);
 * - a 'gst_free' item (investment-grade bullion) or a 'margin' item (UK second-hand margin scheme)
 *   shows no tax (ItemGstApplied false: the page prints '*'), and neither does its postage share:
 *   the postage follows the item's tax status;
 * - per store: PostageTotal is the sum of the shares (= the shipment's postage), SubTotal the sum
 *   of the extended prices, TotalIncludingTax their sum, TaxTotal the sum of both components.
 *   Over every store of an order the TotalIncludingTax values add up to the order's total.
 */

/** The tax fraction's denominator: 1/11 of a GST-inclusive price (AU), 1/6 of a VAT-inclusive one (UK, 20%). */
export const TAX_DIVISOR: Record<Region, number> = { AU: 11, UK: 6 };

/**
 * The tax inside a tax-inclusive amount, rounded half up to the minor unit: round(amount / divisor)
 * in exact integer arithmetic (AU: 110.00 -> 10.00; UK: 0.03 -> 0.01, the half-penny rounds up).
 */
export function taxIncluded(amountMinor: number, divisor: number): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) {
    throw new RangeError(`An amount must be whole, non-negative minor units, got ${amountMinor}`);
  }
  return Math.floor((2 * amountMinor + divisor) / (2 * divisor));
}

/** Whether an item of this treatment carries GST/VAT on the invoice. */
export function taxApplies(treatment: TaxTreatment): boolean {
  return treatment === 'standard';
}

export interface InvoiceLineInput {
  code: string;
  title: string;
  shipmentId: number;
  priceMinor: number;
  discountMinor: number;
  postageShareMinor: number;
  taxTreatment: TaxTreatment;
}

export interface InvoiceShipmentInput {
  id: number;
  storeId: number;
  postageMinor: number;
}

export interface InvoiceLineFigures {
  code: string;
  title: string;
  taxTreatment: TaxTreatment;
  extendedPrice: number;
  itemGstApplied: boolean;
  itemGstComponent: number;
  shippingGstComponent: number;
  itemProportionateShippingCost: number;
}

export interface StoreInvoiceFigures {
  storeId: number;
  shipmentId: number;
  lines: InvoiceLineFigures[];
  postageTotal: number;
  subTotal: number;
  totalIncludingTax: number;
  taxTotal: number;
}

/**
 * Each shipment's (one per store) invoice figures, in the shipments' order. Throws when the stored
 * figures break an invariant the invoice depends on (a discount above its price, postage shares not
 * adding up to the shipment's postage): a tax invoice must never print numbers that do not add up.
 */
export function invoiceFigures(
  region: Region,
  shipments: readonly InvoiceShipmentInput[],
  lines: readonly InvoiceLineInput[],
): StoreInvoiceFigures[] {
  const divisor = TAX_DIVISOR[region];
  return shipments.map((shipment) => {
    const figures = lines
      .filter((line) => line.shipmentId === shipment.id)
      .map((line): InvoiceLineFigures => {
        const extendedPrice = line.priceMinor - line.discountMinor;
        if (extendedPrice < 0 || line.discountMinor < 0 || line.postageShareMinor < 0) {
          throw new RangeError(`Line ${line.code}: a discount or postage share out of range`);
        }
        const applied = taxApplies(line.taxTreatment);
        return {
          code: line.code,
          title: line.title,
          taxTreatment: line.taxTreatment,
          extendedPrice,
          itemGstApplied: applied,
          itemGstComponent: applied ? taxIncluded(extendedPrice, divisor) : 0,
          shippingGstComponent: applied ? taxIncluded(line.postageShareMinor, divisor) : 0,
          itemProportionateShippingCost: line.postageShareMinor,
        };
      });
    const postageTotal = sum(figures.map((f) => f.itemProportionateShippingCost));
    if (postageTotal !== shipment.postageMinor) {
      throw new RangeError(
        `Shipment ${shipment.id}: postage shares add up to ${postageTotal}, not its postage ${shipment.postageMinor}`,
      );
    }
    const subTotal = sum(figures.map((f) => f.extendedPrice));
    return {
      storeId: shipment.storeId,
      shipmentId: shipment.id,
      lines: figures,
      postageTotal,
      subTotal,
      totalIncludingTax: subTotal + postageTotal,
      taxTotal: sum(figures.map((f) => f.itemGstComponent + f.shippingGstComponent)),
    };
  });
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
