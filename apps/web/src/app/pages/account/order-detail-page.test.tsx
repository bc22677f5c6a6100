// @vitest-environment jsdom
import type { OrderDetailValue, Region } from '@shop/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Fragment, StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderDetailQueryKey } from '../../../features/orders/api/get-order-detail';
import { createQueryClient } from '../../../lib/query-client';
import { DEFAULT_SITE_SETTINGS, SiteSettingsContext, siteSettingsFrom } from '../../../lib/site-settings';
import { type Viewer, ViewerContext } from '../../../lib/viewer';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { orderDetail } from '../../../test/order-fixtures';
import { RequireViewer } from '../../require-viewer';
import { OrderDetailPage } from './order-detail-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CUSTOMER: Viewer = { kind: 'customer', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
const REF = 'ORD-7K2M-9QXD-4TQH';

function renderAt(
  path: string,
  { region = 'AU', viewer = CUSTOMER, strict = false }: { region?: Region; viewer?: Viewer; strict?: boolean } = {},
) {
  const client = createQueryClient();
  const settings = siteSettingsFrom({
    ...DEFAULT_SITE_SETTINGS,
    Region: region,
    CurrencyCode: region === 'AU' ? 'AUD' : 'GBP',
  });
  const Wrapper = strict ? StrictMode : Fragment;
  render(
    <Wrapper>
      <QueryClientProvider client={client}>
        <SiteSettingsContext.Provider value={settings}>
          <ViewerContext.Provider value={viewer}>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route element={<RequireViewer allowSignedKey />}>
                  <Route path="/my-account/orders/:orderid" element={<OrderDetailPage />} />
                </Route>
                <Route path="/my-account/orders" element={<h1>History stand-in</h1>} />
                <Route path="/login" element={<h1>Sign in stand-in</h1>} />
              </Routes>
            </MemoryRouter>
          </ViewerContext.Provider>
        </SiteSettingsContext.Provider>
      </QueryClientProvider>
    </Wrapper>,
  );
  return client;
}

function stubOrder(order: OrderDetailValue | null, status = 200, reference = REF) {
  return stubFetch({
    [`GET /c3api/account/orders/${reference}`]: () => envelope(order, status, order ? null : 'Not found'),
  });
}

const store = (name: string) => screen.getByRole('region', { name: `Store: ${name}` });
type OrderItem = OrderDetailValue['stores'][number]['items'][number];

const summary = () => screen.getByRole('region', { name: 'Order summary' });

describe('Order detail', () => {
  it('titles the page with the reference in upper case, under Dashboard and Order History', async () => {
    const typed = 'ORD-7k2m-9qxd-4tqh';
    const calls = stubOrder(orderDetail(), 200, typed);
    renderAt(`/my-account/orders/${typed}`);
    // The reference goes to the server as typed; the heading shows it in capitals.
    expect(screen.getByRole('heading', { level: 1, name: `Order: ${REF}` })).toBeTruthy();
    await screen.findByRole('region', { name: 'Store: Parramatta' });
    expect(calls.map((call) => call.url)).toEqual([`/c3api/account/orders/${typed}`]);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/my-account');
    expect(within(crumbs).getByRole('link', { name: 'Order History' }).getAttribute('href')).toBe('/my-account/orders');
    expect(within(crumbs).getByText(`Order: ${REF}`).getAttribute('aria-current')).toBe('page');
    expect(document.title).toBe(`Order: ${REF} | Secondhand`);
  });

  it('shows each store with its items: picture or placeholder, name, type, id, price, and the discount as was/now', async () => {
    stubOrder(orderDetail());
    renderAt(`/my-account/orders/${REF}`);
    const parramatta = await screen.findByRole('region', { name: 'Store: Parramatta' });
    const [guitar, amp] = within(parramatta).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(guitar).getByText('Fender Stratocaster')).toBeTruthy();
    expect(within(guitar).getByText('Electric Guitars')).toBeTruthy();
    expect(within(guitar).getByText('SH0000001')).toBeTruthy();
    expect(within(guitar).getByRole('img', { name: 'No picture' })).toBeTruthy();
    const was = within(guitar).getByText('$450.00');
    expect(was.tagName).toBe('S');
    expect(was.parentElement?.textContent).toBe('was $450.00');
    expect(within(guitar).getByText('$400.00').tagName).toBe('STRONG');

    const picture = amp.querySelector('img') as HTMLImageElement;
    expect(picture.getAttribute('src')).toBe('/c3api/images/product/SH0000002/1?w=300');
    expect(picture.getAttribute('width')).toBe('266');
    expect(picture.getAttribute('height')).toBe('200');
    expect(picture.getAttribute('loading')).toBe('lazy');
    expect(within(amp).queryByText(/was/)).toBeNull();
    expect(within(amp).getByText('$120.00').tagName).toBe('STRONG');
  });

  it('shows a pickup store its address, and a posted one its option, dispatch date, tracking link, address and cost', async () => {
    stubOrder(orderDetail());
    renderAt(`/my-account/orders/${REF}`);
    const pickup = (await screen.findByRole('region', { name: 'Store: Parramatta' })).querySelector('footer');
    expect(pickup?.textContent).toContain('Customer Pickup');
    const storeAddress = pickup?.querySelector('address');
    expect([...(storeAddress?.children ?? [])].map((line) => line.textContent)).toEqual([
      'Cash Converters Parramatta',
      '12 Church St',
      'Parramatta NSW 2150',
    ]);
    expect(pickup?.textContent).not.toContain('Shipping');
    // Its collect-by, in the store's zone (Sydney), as the e-mails say it.
    expect(pickup?.textContent).toContain('Collect by Tuesday 1 December, 5:30 pm');

    const posted = store('Newtown').querySelector('footer') as HTMLElement;
    expect(within(posted).getByText('Australia Post Regular')).toBeTruthy();
    // 22:15 UTC on the 26th is the 27th in AEST.
    expect(within(posted).getByText('Dispatched 27/11/2026')).toBeTruthy();
    const tracking = within(posted).getByRole('link', { name: /33ABC123/ });
    expect(tracking.getAttribute('href')).toBe('https://auspost.com.au/mypost/track/details/33ABC123');
    expect(tracking.getAttribute('target')).toBe('_blank');
    expect(tracking.getAttribute('rel')).toContain('noopener');
    expect([...(posted.querySelector('address')?.children ?? [])].map((line) => line.textContent)).toEqual([
      'Ada Lovelace',
      '1 George St',
      'Unit 4',
      'Sydney NSW 2000',
    ]);
    expect(posted.textContent).toContain('Shipping: $11.95');
  });

  it('shows a tracking number without a tracking page as text, and no dispatch line before dispatch', async () => {
    const order = orderDetail();
    const posted = order.stores[1] as OrderDetailValue['stores'][number];
    posted.shippingDetails = { ...posted.shippingDetails, dispatchedDate: null, trackingUrl: null, fulfilment: 'open' };
    stubOrder(order);
    renderAt(`/my-account/orders/${REF}`);
    const footer = (await screen.findByRole('region', { name: 'Store: Newtown' })).querySelector(
      'footer',
    ) as HTMLElement;
    expect(within(footer).getByText('33ABC123').tagName).toBe('SPAN');
    expect(within(footer).queryByRole('link')).toBeNull();
    expect(within(footer).queryByText(/Dispatched/)).toBeNull();
  });

  it('marks an item the store cancelled, with what it refunded; the others stay as they were', async () => {
    const order = orderDetail();
    const parramatta = order.stores[0] as OrderDetailValue['stores'][number];
    const [guitar, amp] = parramatta.items as [OrderItem, OrderItem];
    parramatta.items = [{ ...guitar, cancelled: true, refund: '$400.00' }, amp];
    stubOrder(order);
    renderAt(`/my-account/orders/${REF}`);
    const panel = await screen.findByRole('region', { name: 'Store: Parramatta' });
    const [cancelled, kept] = within(panel).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(cancelled).getByText('Cancelled by the store').parentElement?.textContent).toBe(
      'Cancelled by the store · Refunded $400.00',
    );
    expect(within(kept).queryByText(/Cancelled/)).toBeNull();
  });

  it('sums up the order: counts, total with postage, discount, date with its zone, status', async () => {
    stubOrder(orderDetail());
    renderAt(`/my-account/orders/${REF}`);
    await screen.findByRole('region', { name: 'Order summary' });
    const box = summary();
    expect(within(box).getByText('3 items at 2 stores')).toBeTruthy();
    expect(within(box).getByText('$571.95')).toBeTruthy();
    expect(within(box).getByText('Includes postage')).toBeTruthy();
    expect(within(box).getByText('Discount Applied')).toBeTruthy();
    expect(within(box).getByText('-$50.00')).toBeTruthy();
    expect(within(box).getByText('25/11/2026 9:30 am AEST')).toBeTruthy();
    expect(within(box).getByText('Partly dispatched')).toBeTruthy();
  });

  it('leaves out a discount of 0.00', async () => {
    const order = orderDetail();
    stubOrder({ ...order, summary: { ...order.summary, discountAmount: '$0.00' } });
    renderAt(`/my-account/orders/${REF}`);
    await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary()).queryByText('Discount Applied')).toBeNull();
  });

  it('offers the GST invoice when there is one and invoices are on', async () => {
    stubOrder(orderDetail());
    renderAt(`/my-account/orders/${REF}`);
    await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary()).getByText('GST invoice available')).toBeTruthy();
    expect(within(summary()).getByRole('link', { name: 'Print Receipt' }).getAttribute('href')).toBe(
      `/gst-invoice?invoice=${REF}`,
    );
    expect(within(summary()).queryByText('Tax invoice currently unavailable')).toBeNull();
  });

  it.each([
    ['no invoice', { invoiceUrl: null }],
    ['GST invoices off', { gstInvoicesEnabled: false }],
  ])('says the tax invoice is unavailable with %s', async (_, change) => {
    stubOrder(orderDetail(change));
    renderAt(`/my-account/orders/${REF}`);
    await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary()).getByText('Tax invoice currently unavailable')).toBeTruthy();
    expect(within(summary()).queryByRole('link', { name: 'Print Receipt' })).toBeNull();
    expect(within(summary()).queryByText('GST invoice available')).toBeNull();
  });

  it('calls the document a VAT receipt in the UK', async () => {
    const order = orderDetail();
    stubOrder({ ...order, summary: { ...order.summary, orderDateTimeZone: 'GMT' } });
    renderAt(`/my-account/orders/${REF}`, { region: 'UK' });
    await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary()).getByText('VAT receipt available')).toBeTruthy();
    expect(within(summary()).queryByText('GST invoice available')).toBeNull();
    expect(within(summary()).getByRole('link', { name: 'Print Receipt' })).toBeTruthy();
    expect(within(summary()).getByText('24/11/2026 11:30 pm GMT')).toBeTruthy();
  });

  it('opens for a guest with the signed key, which goes to the server; no dashboard crumbs', async () => {
    const order = orderDetail({ invoiceUrl: `/gst-invoice?invoice=${REF}&key=sig%2B1` });
    const calls = stubOrder(order);
    renderAt(`/my-account/orders/${REF}?key=sig%2B1`, { viewer: { kind: 'guest' } });
    await screen.findByRole('region', { name: 'Store: Parramatta' });
    expect(calls.map((call) => call.url)).toEqual([`/c3api/account/orders/${REF}?key=sig%2B1`]);
    expect(screen.queryByRole('heading', { name: 'Sign in stand-in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Print Receipt' }).getAttribute('href')).toBe(
      `/gst-invoice?invoice=${REF}&key=sig%2B1`,
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('does not wait for whoami when the link carries a key', async () => {
    stubOrder(orderDetail());
    renderAt(`/my-account/orders/${REF}?key=abc`, { viewer: { kind: 'loading' } });
    expect(await screen.findByRole('region', { name: 'Store: Parramatta' })).toBeTruthy();
  });

  it('sends a guest without a key to sign in, asking nothing', () => {
    const calls = stubOrder(orderDetail());
    renderAt(`/my-account/orders/${REF}`, { viewer: { kind: 'guest' } });
    expect(screen.getByRole('heading', { name: 'Sign in stand-in' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows the site's not-found page on a 404", async () => {
    stubOrder(null, 404);
    renderAt(`/my-account/orders/${REF}?key=wrong`, { viewer: { kind: 'guest' } });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /^Order:/ })).toBeNull();
  });

  it('stops loading without a message on another failure', async () => {
    stubOrder(null, 500);
    renderAt(`/my-account/orders/${REF}`);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: 4000 });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: `Order: ${REF}` })).toBeTruthy();
  });

  it('clears the order from the cache when the customer leaves the page', async () => {
    stubOrder(orderDetail());
    const client = renderAt(`/my-account/orders/${REF}`);
    await screen.findByRole('region', { name: 'Store: Parramatta' });
    const key = orderDetailQueryKey(REF, null);
    expect(client.getQueryData(key)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Order History' }));
    expect(screen.getByRole('heading', { name: 'History stand-in' })).toBeTruthy();
    await waitFor(() => expect(client.getQueryCache().find({ queryKey: key, exact: true })).toBeUndefined());
  });

  it("keeps the order through strict mode's double mount (the app runs in it)", async () => {
    stubOrder(orderDetail());
    const client = renderAt(`/my-account/orders/${REF}`, { strict: true });
    await screen.findByRole('region', { name: 'Store: Parramatta' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(client.getQueryData(orderDetailQueryKey(REF, null))).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Store: Newtown' })).toBeTruthy();
  });
});
