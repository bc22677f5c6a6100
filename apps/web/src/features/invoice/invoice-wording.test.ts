import type { InvoiceItem } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { addressLines, invoiceWording, itemTaxText, taxFootnotes } from './invoice-wording';

const AU = invoiceWording({ DocumentKind: 'TaxInvoice', Currency: 'AUD' });
const UK = invoiceWording({ DocumentKind: 'VatReceipt', Currency: 'GBP' });

function item(treatment: InvoiceItem['Properties']['TaxTreatment'], applied: boolean): InvoiceItem {
  return {
    Code: `SH-${treatment}`,
    DisplayName: treatment,
    Properties: {
      ExtendedPrice: 1100,
      ItemGstApplied: applied,
      ItemGstComponent: applied ? 100 : 0,
      ShippingGstComponent: 9,
      ItemProportionateShippingCost: 100,
      TaxTreatment: treatment,
    },
  };
}

describe('invoice wording', () => {
  it('speaks of GST and the ABN in Australia, of VAT and the VAT number in the UK', () => {
    expect(AU).toEqual({ region: 'AU', documentName: 'Tax Invoice', tax: 'GST', registrationLabel: 'ABN' });
    expect(UK).toEqual({ region: 'UK', documentName: 'VAT Receipt', tax: 'VAT', registrationLabel: 'VAT Reg. No.' });
  });

  it("adds the item's and its postage's tax, with '*' when the item carried none", () => {
    expect(itemTaxText(item('standard', true), 'AU')).toBe('$1.09');
    expect(itemTaxText(item('gst_free', false), 'AU')).toBe('$0.09*');
    expect(itemTaxText(item('margin', false), 'UK')).toBe('–*');
  });

  it('explains each kind of untaxed item once, and nothing when all were taxed', () => {
    expect(taxFootnotes([item('standard', true)], AU)).toEqual([]);
    expect(taxFootnotes([item('gst_free', false), item('gst_free', false)], AU)).toEqual([
      '* GST-free supply: no GST was charged on this item.',
    ]);
    expect(taxFootnotes([item('margin', false), item('gst_free', false)], UK)).toEqual([
      '* Zero-rated supply: no VAT was charged on this item.',
      '* Margin scheme - second-hand goods: no VAT is shown on this item and it cannot be reclaimed.',
    ]);
    expect(taxFootnotes([item('margin', false)], AU)).toEqual([
      '* Margin scheme - second-hand goods: no GST is shown on this item and it cannot be claimed as a credit.',
    ]);
  });

  it('leaves blank address parts out; one place line in Australia, a line each for town, county and postcode in the UK', () => {
    const au = { Line1: '1 King St', Line2: '', City: 'Newtown', RegionCode: 'NSW', PostalCode: '2042' };
    expect(addressLines(au, 'AU')).toEqual(['1 King St', 'Newtown NSW 2042']);
    const uk = {
      Line1: '1 Deansgate',
      Line2: '',
      City: 'Manchester',
      RegionCode: 'Greater Manchester',
      PostalCode: 'M1 1AE',
    };
    expect(addressLines(uk, 'UK')).toEqual(['1 Deansgate', 'Manchester', 'Greater Manchester', 'M1 1AE']);
    expect(addressLines({ Line1: '', Line2: '', City: '', RegionCode: '', PostalCode: '' }, 'AU')).toEqual([]);
  });
});
