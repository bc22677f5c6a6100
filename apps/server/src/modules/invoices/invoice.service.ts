import {
  ABN_MESSAGE,
  ABN_REQUIRED_MESSAGE,
  COMPANY_NUMBER_MESSAGE,
  type GstInvoiceValue,
  orderTimeZoneLabel,
  REGION_INFO,
  type Region,
  VAT_NUMBER_MESSAGE,
  VAT_NUMBER_REQUIRED_MESSAGE,
} from '@shop/contract';
import type { StoreRow } from '../../db/schema.js';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
import { isValidAbn, isValidUkVatNumber } from '../../lib/tax-numbers.js';
import { hasTaxInvoice } from '../orders/invoice-availability.js';
import { type OrderLinks, orderForViewer } from '../orders/order-links.js';
import type { OrderShipment, OrdersService } from '../orders/orders.service.js';
import type { PaymentsService } from '../payments/payments.service.js';
import { splitByLargestRemainder } from '../promotions/split.js';
import type { StoresService } from '../stores/stores.service.js';
import { customerDetails, licencesOf, paymentType, storeInvoice, taxNumberOf } from './invoice.mapper.js';
import { InvoiceRepository } from './invoice.repository.js';
import { invoiceFigures } from './invoice-arithmetic.js';

/** A store's identity on its invoices (the store console's invoice settings). */
export interface InvoiceIdentity {
  entityName: string;
  /** AU: the ABN; UK: the company number. */
  businessNumber: string;
  /** UK only. */
  vatNumber: string;
  taxRegistered: boolean;
  licences: string[];
}

export type InvoiceIdentityCheck =
  | { ok: true; identity: InvoiceIdentity }
  | { ok: false; errors: { field: keyof InvoiceIdentity; message: string }[] };

export interface InvoiceDependencies {
  orders: OrdersService;
  stores: StoresService;
  payments: PaymentsService;
  links: OrderLinks;
  /** config.GST_INVOICES_ENABLED */
  gstInvoicesEnabled: boolean;
  /** When an invoice is issued (its date of issue). */
  now: () => number;
}

/** An order of A$1,000 or more (GST included) must show the buyer's identity (ATO). */
export const BUYER_IDENTITY_THRESHOLD_MINOR = 100_000;

/** The one answer for every invoice nobody may see: missing, someone else's, wrong key, none issued. */
const NOT_FOUND_MESSAGE = 'No such invoice';

/** Someone else gave this shipment its number first: this transaction's counter step is undone. */
class NumberTakenError extends Error {}

/**
 * Tax invoices (AU) and VAT receipts (UK), one per registered store of an order:
 * 1. find the order by its public reference, in this region;
 * 2. only its customer, or a holder of the order e-mail's signed key, may see it; anyone else gets
 *    the same 404 as a missing order;
 * 3. hasTaxInvoice decides whether there is one at all (confirmed, a registered store, enabled);
 *    if not, the same 404;
 * 4. the figures come from the stored lines (invoice-arithmetic.ts);
 * 5. each registered store's shipment gets its invoice number on the first request (a tax invoice
 *    may be given on request): the store's counter is incremented and the shipment written by one
 *    conditional write in one transaction, so concurrent first requests settle on one number and
 *    the loser's increment is rolled back (no gap, no second number);
 * 6. the stores not registered for GST/VAT issue none: they are left out.
 */
export class InvoiceService {
  private readonly repository = new InvoiceRepository();

  constructor(private readonly deps: InvoiceDependencies) {}

  async invoice(ctx: Ctx, reference: string, key: string | undefined): Promise<GstInvoiceValue> {
    const { deps } = this;
    const notFound = new NotFoundError(NOT_FOUND_MESSAGE);
    // 1, 2.
    const { order } = await orderForViewer(ctx, deps, reference, key, NOT_FOUND_MESSAGE);

    // 3. (A shipment whose every item the store cancelled is no part of the sale.)
    const shipments = (await deps.orders.shipments(ctx, order.id)).filter((s) => s.fulfilment !== 'cancelled');
    const stores = new Map<number, StoreRow>();
    for (const shipment of shipments) {
      const store = await deps.stores.storeById(ctx, shipment.store_id);
      if (store) stores.set(shipment.id, store);
    }
    const registered = (shipment: OrderShipment) => stores.get(shipment.id)?.tax_registered === 1;
    if (!hasTaxInvoice(order, shipments.map(registered), deps.gstInvoicesEnabled)) throw notFound;

    // 4.
    // Items the store cancelled are not sold: left out, their postage shares carried by the
    // shipment's remaining items (the shipment's postage is still paid while any item remains).
    const lines = (await deps.orders.lines(ctx, order.id)).filter((l) => l.cancelled_at === null);
    const shares = new Map<number, number>();
    for (const shipment of shipments) {
      const own = lines.filter((l) => l.shipment_id === shipment.id);
      const cancelledAny = own.reduce((sum, l) => sum + l.postage_share_minor, 0) !== shipment.postage_minor;
      const split = cancelledAny
        ? splitByLargestRemainder(
            own.map((l) => ({ key: l.id, weight: l.price_minor })),
            shipment.postage_minor,
          )
        : new Map(own.map((l) => [l.id, l.postage_share_minor]));
      for (const [id, share] of split) shares.set(id, share);
    }
    const figures = invoiceFigures(
      ctx.region,
      shipments.map((s) => ({ id: s.id, storeId: s.store_id, postageMinor: s.postage_minor })),
      lines.map((line) => ({
        code: line.code,
        title: line.title,
        shipmentId: line.shipment_id,
        priceMinor: line.price_minor,
        discountMinor: line.discount_minor,
        postageShareMinor: shares.get(line.id) ?? line.postage_share_minor,
        taxTreatment: line.tax_treatment,
      })),
    );

    // 5, 6.
    const buyer = customerDetails(order, ctx.region);
    const details: GstInvoiceValue['StoreInvoiceDetails'] = [];
    for (const [index, shipment] of shipments.entries()) {
      const store = stores.get(shipment.id);
      const storeFigures = figures[index];
      if (!store || !registered(shipment) || !storeFigures) continue;
      const issued = await this.numberFor(ctx, shipment);
      details.push(
        storeInvoice({
          store,
          shipment,
          figures: storeFigures,
          invoiceNumber: issued.number,
          issuedAt: issued.issuedAt,
          buyer,
        }),
      );
    }

    const attempts = await deps.payments.attemptsFor(ctx, order.id);
    const paid = attempts.filter((a) => a.status === 'succeeded').at(-1);
    const orderDate = new Date(Number(order.created_at)).toISOString();
    return {
      DocumentKind: ctx.region === 'AU' ? 'TaxInvoice' : 'VatReceipt',
      Currency: REGION_INFO[ctx.region].currencyCode,
      OrderReference: order.reference,
      OrderDate: orderDate,
      OrderDateTimeZone: orderTimeZoneLabel(orderDate, ctx.region),
      PaymentType: paymentType(paid?.provider ?? order.payment_option),
      PaymentGatewayReference: paid ? (paid.provider_reference ?? paid.tracking_number) : null,
      BuyerIdentityRequired: ctx.region === 'AU' && order.total_minor >= BUYER_IDENTITY_THRESHOLD_MINOR,
      CustomerDetails: buyer,
      StoreInvoiceDetails: details,
    };
  }

  /**
   * A store's invoice identity as its staff would set it, checked the way a tax invoice needs it:
   * AU: the ABN's check digits (stored as printed, '12 345 678 901'), and registered for GST only
   * with an ABN; UK: the VAT number's check digits (stored 'GB' and nine digits), registered for
   * VAT only with one, the company number eight letters or digits. Answers the values to store, or
   * each field's error.
   */
  checkInvoiceIdentity(region: Region, identity: InvoiceIdentity): InvoiceIdentityCheck {
    const errors: { field: keyof InvoiceIdentity; message: string }[] = [];
    const business = identity.businessNumber.replace(/\s/g, '').toUpperCase();
    const vat = identity.vatNumber.replace(/\s/g, '').toUpperCase();
    let businessNumber = '';
    let vatNumber = '';
    if (region === 'AU') {
      if (business !== '' && !isValidAbn(business)) errors.push({ field: 'businessNumber', message: ABN_MESSAGE });
      else if (business === '' && identity.taxRegistered)
        errors.push({ field: 'businessNumber', message: ABN_REQUIRED_MESSAGE });
      else if (business !== '') businessNumber = taxNumberOf({ region, business_number: business, vat_number: '' });
      // An Australian store has no VAT number: whatever was sent is dropped.
    } else {
      if (business !== '' && !/^[A-Z0-9]{8}$/.test(business))
        errors.push({ field: 'businessNumber', message: COMPANY_NUMBER_MESSAGE });
      else businessNumber = business;
      if (vat !== '' && !isValidUkVatNumber(vat)) errors.push({ field: 'vatNumber', message: VAT_NUMBER_MESSAGE });
      else if (vat === '' && identity.taxRegistered)
        errors.push({ field: 'vatNumber', message: VAT_NUMBER_REQUIRED_MESSAGE });
      else if (vat !== '') vatNumber = vat.startsWith('GB') ? vat : `GB${vat}`;
    }
    if (errors.length > 0) return { ok: false, errors };
    return {
      ok: true,
      identity: {
        entityName: identity.entityName,
        businessNumber,
        vatNumber,
        taxRegistered: identity.taxRegistered,
        licences: identity.licences,
      },
    };
  }

  /** What a store's invoices print of its identity: the tax number as shown, each licence as name and number. */
  printedIdentity(store: Pick<StoreRow, 'region' | 'business_number' | 'vat_number' | 'dealer_licences'>): {
    TaxNumber: string;
    Licences: { Name: string; Number: string }[];
  } {
    return { TaxNumber: taxNumberOf(store), Licences: licencesOf(store) };
  }

  /** The shipment's invoice number and its date of issue, issued now if it has none (step 5). */
  private async numberFor(ctx: Ctx, shipment: OrderShipment): Promise<{ number: number; issuedAt: number }> {
    if (shipment.invoice_number !== null)
      return { number: shipment.invoice_number, issuedAt: Number(shipment.invoice_issued_at ?? 0) };
    const issuedAt = this.deps.now();
    try {
      return await inTransaction(ctx, async (tx) => {
        const next = await this.repository.nextNumber(tx, shipment.store_id);
        if (!(await this.repository.assignNumber(tx, shipment.id, next, issuedAt))) throw new NumberTakenError();
        return { number: next, issuedAt };
      });
    } catch (error) {
      if (!(error instanceof NumberTakenError)) throw error;
    }
    const issued = await this.repository.numberOf(ctx, shipment.id);
    if (issued === null) throw new Error(`shipment ${shipment.id} lost its invoice number race but has none`);
    return issued;
  }
}
