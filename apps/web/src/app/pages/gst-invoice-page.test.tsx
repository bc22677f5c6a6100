// @vitest-environment jsdom
import type { GstInvoiceValue, InvoiceItem } from '@shop/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, type RecordedCall, stubFetch } from '../../test/fetch-stub';
import { withQueryClient } from '../../test/query-wrapper';
import { GstInvoicePage } from './gst-invoice-page';

function item(
  code: string,
  name: string,
  figures: Partial<InvoiceItem['Properties']> & { ExtendedPrice: number },
): InvoiceItem {
  return {
    Code: code,
    DisplayName: name,
    Properties: {
      ItemGstApplied: true,
      ItemGstComponent: 0,
      ShippingGstComponent: 0,
      ItemProportionateShippingCost: 0,
      TaxTreatment: 'standard',
      ...figures,
    },
  };
}

const STORE_ADDRESS = {
  FirstName: '',
  LastName: '',
  BusinessName: '',
  Line1: '',
  Line2: '',
  City: '',
  RegionCode: '',
  PostalCode: '',
  IsInStorePickup: true,
};

/**
 * Two stores. Newtown posts a GST-free bullion bar ($1,100) and an amp ($220) with $12.00 postage
 * shared by price ($10.00 and $2.00); the amp's GST is 1/11 of $220 = $20.00 plus 1/11 of its $2.00
 * postage = $0.18; the bar carries none, on its price or its postage. Parramatta hands over a drum
 * kit in store ($330, GST $30.00).
 */
const AU_INVOICE: GstInvoiceValue = {
  DocumentKind: 'TaxInvoice',
  Currency: 'AUD',
  OrderReference: 'ORD-7K2M-9QXA-B3CD',
  OrderDate: '2026-11-25T05:04:00.000Z',
  OrderDateTimeZone: 'AEST',
  PaymentType: 'CreditCard',
  PaymentGatewayReference: 'EWAY-55501',
  BuyerIdentityRequired: true,
  CustomerDetails: {
    FirstName: 'Ada',
    LastName: 'Lovelace',
    Line1: '3 Albert Street',
    Line2: 'Unit 4',
    City: 'Parramatta',
    RegionCode: 'NSW',
    PostalCode: '2150',
    CountryName: 'Australia',
    DaytimePhoneNumber: '0412 345 678',
  },
  StoreInvoiceDetails: [
    {
      InvoiceNumber: 'NEW-000042',
      InvoiceDate: '2026-11-27T01:00:00.000Z',
      StoreDisplayName: 'Cash Converters Newtown',
      EntityName: 'Newtown Trading Pty Ltd',
      ABN: '12 345 678 901',
      Licenses: [{ Name: 'Second-hand Dealer Licence', Number: 'SHD-1001' }],
      PostageReference: 'AP123456789',
      DispatchDate: '2026-11-26T23:30:00.000Z',
      DeliveryAddress: {
        FirstName: 'Ada',
        LastName: 'Lovelace',
        BusinessName: 'Analytical Engines',
        Line1: '10 Macquarie Street',
        Line2: '',
        City: 'Sydney',
        RegionCode: 'NSW',
        PostalCode: '2000',
        IsInStorePickup: false,
      },
      Items: [
        item('SH0000001', 'Gold bullion bar 1oz', {
          ExtendedPrice: 110000,
          ItemGstApplied: false,
          ItemProportionateShippingCost: 1000,
          TaxTreatment: 'gst_free',
        }),
        item('SH0000002', 'Guitar amp', {
          ExtendedPrice: 22000,
          ItemGstComponent: 2000,
          ShippingGstComponent: 18,
          ItemProportionateShippingCost: 200,
        }),
      ],
      PostageTotal: 1200,
      SubTotal: 132000,
      TotalIncludingTax: 133200,
      TaxTotal: 2018,
      AddressLine1: '1 King Street',
      AddressLine2: 'Newtown NSW 2042',
      Phone: '02 9000 0000',
      Email: 'newtown@example.com',
    },
    {
      InvoiceNumber: 'PAR-000007',
      InvoiceDate: '2026-11-27T01:00:00.000Z',
      StoreDisplayName: 'Cash Converters Parramatta',
      EntityName: 'Parramatta Traders Pty Ltd',
      ABN: '98 765 432 109',
      Licenses: [],
      PostageReference: null,
      DispatchDate: null,
      DeliveryAddress: STORE_ADDRESS,
      Items: [item('SH0000003', 'Drum kit', { ExtendedPrice: 33000, ItemGstComponent: 3000 })],
      PostageTotal: 0,
      SubTotal: 33000,
      TotalIncludingTax: 33000,
      TaxTotal: 3000,
      AddressLine1: '12 Church Street',
      AddressLine2: 'Parramatta NSW 2150',
      Phone: '02 9876 5432',
      Email: 'parramatta@example.com',
    },
  ],
};

/** A UK VAT receipt: a camera sold under the margin scheme (no VAT shown) and a standard-rated lamp. */
const UK_INVOICE: GstInvoiceValue = {
  DocumentKind: 'VatReceipt',
  Currency: 'GBP',
  OrderReference: 'ORD-UK12-3456-7890',
  OrderDate: '2026-07-01T14:00:00.000Z',
  OrderDateTimeZone: 'BST',
  PaymentType: 'PayInStore',
  PaymentGatewayReference: null,
  BuyerIdentityRequired: false,
  CustomerDetails: {
    FirstName: 'Alan',
    LastName: 'Turing',
    Line1: '54 High Street',
    Line2: '',
    City: 'Birkenhead',
    RegionCode: 'Merseyside',
    PostalCode: 'CH41 2GG',
    CountryName: 'United Kingdom',
    DaytimePhoneNumber: '07911 123456',
  },
  StoreInvoiceDetails: [
    {
      InvoiceNumber: 'MAN-000001',
      InvoiceDate: '2026-11-27T01:00:00.000Z',
      StoreDisplayName: 'Manchester Deansgate',
      EntityName: 'Deansgate Resale Ltd',
      ABN: 'GB123456789',
      Licenses: [],
      PostageReference: null,
      DispatchDate: null,
      DeliveryAddress: STORE_ADDRESS,
      Items: [
        item('UK0000001', 'Vintage camera', { ExtendedPrice: 6400, ItemGstApplied: false, TaxTreatment: 'margin' }),
        item('UK0000002', 'Desk lamp', { ExtendedPrice: 1800, ItemGstComponent: 300 }),
      ],
      PostageTotal: 0,
      SubTotal: 8200,
      TotalIncludingTax: 8200,
      TaxTotal: 300,
      AddressLine1: '1 Deansgate',
      AddressLine2: 'Manchester M1 1AE',
      Phone: '0161 000 0000',
      Email: 'deansgate@example.co.uk',
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  render(
    withQueryClient(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/gst-invoice" element={<GstInvoicePage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

/** Each row of a table as its cells' texts. */
function rows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => (cell.textContent ?? '').trim()));
}

function sheet(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

describe('GstInvoicePage', () => {
  it('asks for nothing and says so when the link has no reference', async () => {
    const calls = stubFetch({});
    renderAt('/gst-invoice');
    expect(screen.getByRole('heading', { level: 1, name: 'Cannot retrieve invoice without a reference' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/my-account/');
    expect(screen.getByText(/check your purchase e-mail/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows Retrieving invoice... while the call is out, with the reference and the guest key', async () => {
    let release: (response: Response) => void = () => {};
    const calls = stubFetch({
      'GET /c3api/invoice': () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    renderAt('/gst-invoice?invoice=ORD-7K2M-9QXA-B3CD&key=sig123');
    expect(await screen.findByText('Retrieving invoice...')).toBeTruthy();
    expect(calls[0]?.url).toBe('/c3api/invoice?id=ORD-7K2M-9QXA-B3CD&key=sig123');
    release(envelope(AU_INVOICE));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tax Invoice for order #ORD-7K2M-9QXA-B3CD' }),
    ).toBeTruthy();
    expect(screen.queryByText('Retrieving invoice...')).toBeNull();
  });

  it.each([
    ['a 404 (not the owner, a wrong key, a guessed reference)', 404],
    ['a server error', 500],
  ])('says Error retrieving invoice and Please try again later on %s', async (_why, status) => {
    stubFetch({ 'GET /c3api/invoice': () => envelope(null, status, 'No such order') });
    renderAt('/gst-invoice?invoice=ORD-NOPE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error retrieving invoice' })).toBeTruthy();
    expect(screen.getByText('Please try again later')).toBeTruthy();
    expect(screen.queryByText('No such order')).toBeNull();
    expect(screen.getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/my-account/');
  });

  it('has a print link that prints, and a My Account link', async () => {
    const calls = stubFetch({ 'GET /c3api/invoice': () => envelope(AU_INVOICE) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderAt('/gst-invoice?invoice=ORD-7K2M-9QXA-B3CD');
    await userEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/my-account');
    expect(calls[0]?.url).toBe('/c3api/invoice?id=ORD-7K2M-9QXA-B3CD');
    expect(document.title).toBe('Tax Invoice for order #ORD-7K2M-9QXA-B3CD | Secondhand');
  });

  it('shows one sheet per store: the seller, the buyer, delivery, the references', async () => {
    stubFetch({ 'GET /c3api/invoice': () => envelope(AU_INVOICE) });
    renderAt('/gst-invoice?invoice=ORD-7K2M-9QXA-B3CD');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toHaveLength(2);

    const newtown = sheet('Cash Converters Newtown');
    expect(within(newtown).getByText('Newtown Trading Pty Ltd')).toBeTruthy();
    expect(within(newtown).getByText('ABN 12 345 678 901')).toBeTruthy();
    expect(within(newtown).getByText('Second-hand Dealer Licence: SHD-1001')).toBeTruthy();
    expect(within(newtown).getByText('NEW-000042', { exact: false })).toBeTruthy();
    expect(within(newtown).getByText('Date of issue: 27/11/2026')).toBeTruthy();
    // A$1,000 or more: the customer is shown as the buyer's identity.
    const buyer = within(newtown).getByRole('region', { name: "Buyer's identity" });
    expect(Array.from(buyer.querySelectorAll('address span')).map((s) => s.textContent)).toEqual([
      'Ada Lovelace',
      '3 Albert Street',
      'Unit 4',
      'Parramatta NSW 2150',
      'Australia',
      '0412 345 678',
    ]);
    const delivery = within(newtown).getByRole('region', { name: 'Delivery' });
    expect(Array.from(delivery.querySelectorAll('address span')).map((s) => s.textContent)).toEqual([
      'Ada Lovelace',
      'Analytical Engines',
      '10 Macquarie Street',
      'Sydney NSW 2000',
    ]);
    expect(rows(within(newtown).getByRole('table', { name: 'Order summary' }))).toEqual([
      ['Order Ref.', 'ORD-7K2M-9QXA-B3CD'],
      ['Order Date', '25/11/2026 3:04 pm AEST'],
      ['Payment', 'Credit Card'],
      ['Payment Ref.', 'EWAY-55501'],
      ['Postage Ref.', 'AP123456789'],
      ['Dispatch Date', '27/11/2026'],
    ]);
    const footer = newtown.querySelector('footer');
    expect(footer?.textContent).toContain('1 King Street');
    expect(footer?.textContent).toContain('Newtown NSW 2042');
    expect(within(newtown).getByRole('link', { name: '02 9000 0000' }).getAttribute('href')).toBe('tel:0290000000');
    expect(within(newtown).getByRole('link', { name: 'newtown@example.com' }).getAttribute('href')).toBe(
      'mailto:newtown@example.com',
    );

    const parramatta = sheet('Cash Converters Parramatta');
    expect(within(parramatta).getByRole('region', { name: 'Delivery' }).textContent).toBe('DeliveryIn-Store Pickup');
    expect(within(parramatta).queryByRole('list', { name: 'Licences' })).toBeNull();
    expect(rows(within(parramatta).getByRole('table', { name: 'Order summary' })).slice(4)).toEqual([
      ['Postage Ref.', 'None'],
      ['Dispatch Date', 'None'],
    ]);
  });

  it("shows each item's postage share, price and GST, '*' on the GST-free one, the totals and the footnote", async () => {
    stubFetch({ 'GET /c3api/invoice': () => envelope(AU_INVOICE) });
    renderAt('/gst-invoice?invoice=ORD-7K2M-9QXA-B3CD');
    await screen.findByRole('heading', { level: 1 });
    const newtown = sheet('Cash Converters Newtown');
    const items = within(newtown).getByRole('region', { name: 'Items from Cash Converters Newtown' });
    expect(rows(within(items).getByRole('table'))).toEqual([
      ['Barcode', 'Item', 'Postage', 'Price', 'GST'],
      ['SH0000001', 'Gold bullion bar 1oz', '$10.00', '$1,100.00', '$0.00*'],
      ['SH0000002', 'Guitar amp', '$2.00', '$220.00', '$20.18'],
      ['Postage Total', '$12.00'],
      ['Sub Total', '$1,320.00'],
      ['Order Total Including GST', '$1,332.00'],
      ['GST Total', '$20.18'],
    ]);
    expect(within(newtown).getByText('* GST-free supply: no GST was charged on this item.')).toBeTruthy();

    const parramatta = sheet('Cash Converters Parramatta');
    const pickupItems = within(parramatta).getByRole('region', { name: 'Items from Cash Converters Parramatta' });
    expect(rows(within(pickupItems).getByRole('table'))).toEqual([
      ['Barcode', 'Item', 'Postage', 'Price', 'GST'],
      ['SH0000003', 'Drum kit', '$0.00', '$330.00', '$30.00'],
      ['Postage Total', '$0.00'],
      ['Sub Total', '$330.00'],
      ['Order Total Including GST', '$330.00'],
      ['GST Total', '$30.00'],
    ]);
    // Every item carried GST: no footnote on this store's sheet.
    expect(within(parramatta).queryByText(/^\*/)).toBeNull();
    // The buyer's identity belongs to the order (A$1,000 in all): every store's sheet shows it.
    expect(within(parramatta).getByRole('region', { name: "Buyer's identity" })).toBeTruthy();
  });

  it('is a VAT receipt in the UK: pounds, VAT wording, the margin scheme item without VAT and its footnote', async () => {
    stubFetch({ 'GET /c3api/invoice': () => envelope(UK_INVOICE) });
    renderAt('/gst-invoice?invoice=ORD-UK12-3456-7890');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'VAT Receipt for order #ORD-UK12-3456-7890' }),
    ).toBeTruthy();
    const store = sheet('Manchester Deansgate');
    expect(within(store).getByText('VAT Reg. No. GB123456789')).toBeTruthy();
    expect(within(store).queryByText(/ABN/)).toBeNull();
    expect(rows(within(store).getByRole('table', { name: 'Order summary' }))).toEqual([
      ['Order Ref.', 'ORD-UK12-3456-7890'],
      ['Order Date', '01/07/2026 3:00 pm BST'],
      ['Payment', 'Pay In Store'],
      ['Payment Ref.', 'None'],
      ['Postage Ref.', 'None'],
      ['Dispatch Date', 'None'],
    ]);
    const items = within(store).getByRole('region', { name: 'Items from Manchester Deansgate' });
    expect(rows(within(items).getByRole('table'))).toEqual([
      ['Barcode', 'Item', 'Postage', 'Price', 'VAT'],
      ['UK0000001', 'Vintage camera', '£0.00', '£64.00', '–*'],
      ['UK0000002', 'Desk lamp', '£0.00', '£18.00', '£3.00'],
      ['Postage Total', '£0.00'],
      ['Sub Total', '£82.00'],
      ['Order Total Including VAT', '£82.00'],
      ['VAT Total', '£3.00'],
    ]);
    expect(
      within(store).getByText(
        '* Margin scheme - second-hand goods: no VAT is shown on this item and it cannot be reclaimed.',
      ),
    ).toBeTruthy();
    expect(within(store).queryByText(/Zero-rated/)).toBeNull();
    const customer = within(store).getByRole('region', { name: 'Customer details' });
    expect(Array.from(customer.querySelectorAll('address span')).map((s) => s.textContent)).toEqual([
      'Alan Turing',
      '54 High Street',
      'Birkenhead',
      'Merseyside',
      'CH41 2GG',
      'United Kingdom',
      '07911 123456',
    ]);
  });
});

describe('GstInvoicePage requests', () => {
  it('asks once per reference and key', async () => {
    const calls: RecordedCall[] = stubFetch({ 'GET /c3api/invoice': () => envelope(UK_INVOICE) });
    renderAt('/gst-invoice?invoice=%20ORD-UK12-3456-7890%20');
    await screen.findByRole('heading', { level: 1, name: /VAT Receipt/ });
    expect(calls.map((c) => c.url)).toEqual(['/c3api/invoice?id=ORD-UK12-3456-7890']);
  });
});
