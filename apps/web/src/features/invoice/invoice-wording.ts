import { formatMoney, type GstInvoiceValue, type InvoiceItem, type Region } from '@shop/contract';

/**
 * The invoice's words by the kind of document: an Australian tax invoice speaks of GST and the
 * ABN, a UK VAT receipt of VAT and the VAT registration number. The figures come from the server
 * as minor units; this page only adds and formats them.
 */
export interface InvoiceWording {
  region: Region;
  /** 'Tax Invoice' or 'VAT Receipt'. */
  documentName: string;
  /** 'GST' or 'VAT'. */
  tax: string;
  /** 'ABN' or 'VAT Reg. No.'. */
  registrationLabel: string;
}

export function invoiceWording(invoice: Pick<GstInvoiceValue, 'DocumentKind' | 'Currency'>): InvoiceWording {
  const uk = invoice.DocumentKind === 'VatReceipt';
  return {
    region: invoice.Currency === 'GBP' ? 'UK' : 'AU',
    documentName: uk ? 'VAT Receipt' : 'Tax Invoice',
    tax: uk ? 'VAT' : 'GST',
    registrationLabel: uk ? 'VAT Reg. No.' : 'ABN',
  };
}

/** 'Tax Invoice for order #ORD-...' (account.md 2.6), 'VAT Receipt for order #...' in the UK. */
export function invoiceHeading(wording: InvoiceWording, reference: string): string {
  return `${wording.documentName} for order #${reference}`;
}

/** An item's tax cell: the tax in its price and in its postage share, '*' when none was charged on the item. */
export function itemTaxText(item: InvoiceItem, region: Region): string {
  const { ItemGstComponent, ShippingGstComponent, ItemGstApplied, TaxTreatment } = item.Properties;
  // Under the margin scheme VAT must not be shown at all (HMRC), not even as £0.00.
  if (TaxTreatment === 'margin') return '–*';
  return `${formatMoney(ItemGstComponent + ShippingGstComponent, region)}${ItemGstApplied ? '' : '*'}`;
}

/**
 * The footnotes explaining '*': one line for each kind of untaxed item on this store's invoice
 * (a GST-free or zero-rated supply, or a second-hand item sold under the margin scheme), none when
 * every item carried tax.
 */
export function taxFootnotes(items: readonly InvoiceItem[], wording: InvoiceWording): string[] {
  const untaxed = items.filter((item) => !item.Properties.ItemGstApplied);
  const margin = untaxed.some((item) => item.Properties.TaxTreatment === 'margin');
  const free = untaxed.some((item) => item.Properties.TaxTreatment !== 'margin');
  const notes: string[] = [];
  if (free) {
    notes.push(
      wording.tax === 'VAT'
        ? '* Zero-rated supply: no VAT was charged on this item.'
        : '* GST-free supply: no GST was charged on this item.',
    );
  }
  if (margin) {
    notes.push(
      wording.tax === 'VAT'
        ? '* Margin scheme - second-hand goods: no VAT is shown on this item and it cannot be reclaimed.'
        : '* Margin scheme - second-hand goods: no GST is shown on this item and it cannot be claimed as a credit.',
    );
  }
  return notes;
}

/**
 * Lines of an address, blanks left out. Australia puts the suburb, state and postcode on one line
 * ('Sydney NSW 2000'); the UK gives the town, county and postcode a line each.
 */
export function addressLines(
  parts: { Line1: string; Line2: string; City: string; RegionCode: string; PostalCode: string },
  region: Region,
): string[] {
  const place =
    region === 'AU'
      ? [[parts.City, parts.RegionCode, parts.PostalCode].filter((p) => p.trim() !== '').join(' ')]
      : [parts.City, parts.RegionCode, parts.PostalCode];
  return [parts.Line1, parts.Line2, ...place].filter((line) => line.trim() !== '');
}
