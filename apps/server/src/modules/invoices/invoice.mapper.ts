import {
  type GstInvoiceValue,
  type InvoiceItem,
  REGION_INFO,
  type Region,
  type StoreInvoiceDetails,
} from '@shop/contract';
import type { StoreRow } from '../../db/schema.js';
import type { Order, OrderShipment } from '../orders/orders.service.js';
import { storeAddressLines } from '../stores/stores.service.js';
import type { StoreInvoiceFigures } from './invoice-arithmetic.js';

/** Stored order data -> the contract's invoice shapes (GstInvoiceValue). Pure. */

/**
 * The invoice's payment type, camel case (the page splits it into words): cards taken by Eway or
 * Global Payments are 'CreditCard'; pay in store (Generic) is 'PayInStore'.
 */
export function paymentType(provider: string): string {
  switch (provider) {
    case 'Eway':
    case 'GlobalPay':
      return 'CreditCard';
    case 'Generic':
      return 'PayInStore';
    default:
      // 'PayPal', 'Clearpay': brand names as they are.
      return provider;
  }
}

/** The invoice number as printed: the store's id and its own sequence, e.g. '12-000042'. */
export function invoiceNumberLabel(storeId: number, invoiceNumber: number): string {
  return `${storeId}-${String(invoiceNumber).padStart(6, '0')}`;
}

/**
 * A dealer licence as the store keeps it ("Second-hand Dealers and Pawnbrokers Licence
 * NSW-123456") -> its name and number: the number is the last word when it holds a digit (an
 * optional "No."/"#"/":" before it is dropped); otherwise the whole text is the name.
 */
export function splitLicence(text: string): { Name: string; Number: string } {
  const trimmed = text.trim();
  const match = /^(.*?)[\s:#]+(?:No\.?\s*|Number\s*|#\s*)?([A-Za-z0-9][A-Za-z0-9/-]*\d[A-Za-z0-9/-]*)$/i.exec(trimmed);
  if (!match?.[1]) return { Name: trimmed, Number: '' };
  return { Name: match[1].replace(/[\s:,-]+$/, ''), Number: match[2] ?? '' };
}

export function licencesOf(store: Pick<StoreRow, 'dealer_licences'>): { Name: string; Number: string }[] {
  let list: unknown;
  try {
    list = JSON.parse(store.dealer_licences);
  } catch {
    return [];
  }
  return Array.isArray(list)
    ? list.filter((l): l is string => typeof l === 'string' && l.trim() !== '').map(splitLicence)
    : [];
}

/** AU: the ABN as "12 345 678 901"; UK: the VAT registration number as kept ("GB123456789"). */
export function taxNumberOf(store: Pick<StoreRow, 'region' | 'business_number' | 'vat_number'>): string {
  if (store.region === 'UK') return store.vat_number;
  const digits = store.business_number.replace(/\D/g, '');
  return digits.length === 11
    ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`
    : store.business_number;
}

type Json = Record<string, unknown>;

function parseObject(text: string | null): Json {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The buyer: checkout's CustomerDetails and BillingAddress as kept on the order. */
export function customerDetails(order: Pick<Order, 'customer' | 'billing_address'>, region: Region) {
  const customer = parseObject(order.customer);
  const billing = parseObject(order.billing_address);
  return {
    FirstName: text(customer.FirstName),
    LastName: text(customer.LastName),
    Line1: text(billing.Line1),
    Line2: text(billing.Line2),
    City: text(billing.Suburb),
    RegionCode: text(billing.State),
    PostalCode: text(billing.PostCode),
    CountryName: text(billing.CountryName) || REGION_INFO[region].name,
    DaytimePhoneNumber: text(customer.PhoneNumber),
  } satisfies GstInvoiceValue['CustomerDetails'];
}

/** Where the shipment went (the buyer's names; the address as posted), or the store for a pickup. */
export function deliveryAddress(
  shipment: Pick<OrderShipment, 'method' | 'address'>,
  buyer: { FirstName: string; LastName: string },
): StoreInvoiceDetails['DeliveryAddress'] {
  const address = parseObject(shipment.address);
  return {
    FirstName: buyer.FirstName,
    LastName: buyer.LastName,
    BusinessName: text(address.BusinessName),
    Line1: text(address.Line1),
    Line2: text(address.Line2),
    City: text(address.Suburb),
    RegionCode: text(address.State),
    PostalCode: text(address.PostCode),
    IsInStorePickup: shipment.method === 'pickup',
  };
}

export function invoiceItems(figures: StoreInvoiceFigures): InvoiceItem[] {
  return figures.lines.map((line) => ({
    Code: line.code,
    DisplayName: line.title,
    Properties: {
      ExtendedPrice: line.extendedPrice,
      ItemGstApplied: line.itemGstApplied,
      ItemGstComponent: line.itemGstComponent,
      ShippingGstComponent: line.shippingGstComponent,
      ItemProportionateShippingCost: line.itemProportionateShippingCost,
      TaxTreatment: line.taxTreatment,
    },
  }));
}

/** One registered store's invoice for its part of the order. */
export function storeInvoice(input: {
  store: StoreRow;
  shipment: OrderShipment;
  figures: StoreInvoiceFigures;
  invoiceNumber: number;
  issuedAt: number;
  buyer: { FirstName: string; LastName: string };
}): StoreInvoiceDetails {
  const { store, shipment, figures } = input;
  const lines = storeAddressLines(store);
  return {
    InvoiceNumber: invoiceNumberLabel(store.id, input.invoiceNumber),
    InvoiceDate: new Date(input.issuedAt).toISOString(),
    StoreDisplayName: shipment.store_name || store.name,
    EntityName: store.entity_name,
    ABN: taxNumberOf(store),
    Licenses: licencesOf(store),
    PostageReference: shipment.tracking_number,
    // A pickup leaves the store when it is collected: that is its dispatch date.
    DispatchDate: isoOrNull(shipment.method === 'pickup' ? shipment.collected_at : shipment.dispatched_at),
    DeliveryAddress: deliveryAddress(shipment, input.buyer),
    Items: invoiceItems(figures),
    PostageTotal: figures.postageTotal,
    SubTotal: figures.subTotal,
    TotalIncludingTax: figures.totalIncludingTax,
    TaxTotal: figures.taxTotal,
    AddressLine1: lines.line1,
    AddressLine2: lines.line2,
    Phone: store.phone,
    Email: store.email,
  };
}

function isoOrNull(at: number | string | null): string | null {
  return at === null ? null : new Date(Number(at)).toISOString();
}
