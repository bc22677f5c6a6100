// @vitest-environment jsdom
import type { OrderConfirmationValue } from '@shop/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STEP_MEMORY_KEY } from '../../features/checkout/step-memory';
import {
  DEFAULT_SITE_SETTINGS,
  type SiteSettings,
  SiteSettingsContext,
  siteSettingsFrom,
} from '../../lib/site-settings';
import { envelope, type RecordedCall, stubFetch } from '../../test/fetch-stub';
import { renderRoute } from '../../test/query-wrapper';
import { OrderConfirmationPage } from './order-confirmation-page';

const money = (amount: number) => ({ Amount: amount, Display: `$${(amount / 100).toFixed(2)}` });

const PICKUP_ORDER: OrderConfirmationValue = {
  Reference: 'ORD-7K2M9Q',
  Status: 'placed',
  OrderDate: '2026-11-25T01:00:00.000Z',
  PaymentOption: 'Generic',
  DeliveryOption: 'StorePickup',
  Email: 'ada@example.com',
  Stores: [
    {
      StoreName: 'Parramatta',
      Method: 'pickup',
      Address: { Line1: '12 Church St', Line2: 'Parramatta NSW 2150' },
      OpeningHours: [
        { Day: 'Monday', Hours: '9am - 5pm' },
        { Day: 'Saturday', Hours: '10am - 4pm' },
      ],
      Phone: '02 9876 5432',
      Postage: money(0),
      Items: [
        { Code: 'SH0000001', DisplayName: 'Fender guitar', Price: money(45000) },
        { Code: 'SH0000002', DisplayName: 'Guitar amp', Price: money(12000) },
      ],
      // Tuesday 1 December 2026, 5:30 pm in Sydney, whatever zone the test runs in.
      CollectBy: { At: '2026-12-01T06:30:00.000Z', TimeZone: 'Australia/Sydney' },
    },
  ],
  ItemsTotal: money(57000),
  PostageTotal: money(0),
  Discount: money(5700),
  Total: money(51300),
  HoldUntil: '2026-11-28T06:00:00.000Z',
};

const POSTAGE_ORDER: OrderConfirmationValue = {
  ...PICKUP_ORDER,
  Reference: 'ORD-POST01',
  PaymentOption: 'Eway',
  DeliveryOption: 'AustraliaPost',
  Stores: [
    {
      StoreName: 'Newtown',
      Method: 'postage',
      Address: { Line1: '1 George St', Line2: 'Sydney NSW 2000' },
      OpeningHours: [{ Day: 'Monday', Hours: '9am - 5pm' }],
      Phone: '02 9000 0000',
      Postage: money(1200),
      Items: [{ Code: 'SH0000003', DisplayName: 'Drum kit', Price: money(30000) }],
      CollectBy: null,
    },
  ],
  ItemsTotal: money(30000),
  PostageTotal: money(1200),
  Discount: money(0),
  Total: money(31200),
  HoldUntil: null,
};

let calls: RecordedCall[];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string, settings: SiteSettings = siteSettingsFrom(DEFAULT_SITE_SETTINGS)) {
  renderRoute(
    path,
    '/checkout/confirmation/:reference?',
    <SiteSettingsContext.Provider value={settings}>
      <OrderConfirmationPage />
    </SiteSettingsContext.Provider>,
  );
}

describe('OrderConfirmationPage', () => {
  it('shows a pickup order opened fresh from its link: reference, items, where to collect, totals, what next', async () => {
    calls = stubFetch({ 'GET /c3api/checkout/confirmation': () => envelope(PICKUP_ORDER) });
    renderAt('/checkout/confirmation/ORD-7K2M9Q?key=sig123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order confirmed' })).toBeTruthy();
    expect(document.title).toBe('Order confirmed | Secondhand');
    expect(calls[0]?.url).toBe('/c3api/checkout/confirmation?reference=ORD-7K2M9Q&key=sig123');
    expect(screen.getByText('ORD-7K2M9Q')).toBeTruthy();
    const store = screen.getByRole('region', { name: 'Parramatta' });
    expect(within(store).getByText('Fender guitar')).toBeTruthy();
    expect(within(store).getByText('$450.00')).toBeTruthy();
    expect(within(store).getByRole('heading', { name: 'Pick up from' })).toBeTruthy();
    expect(within(store).getByText('12 Church St')).toBeTruthy();
    expect(within(store).getByText('Saturday')).toBeTruthy();
    expect(within(store).getByRole('link', { name: '02 9876 5432' }).getAttribute('href')).toBe('tel:0298765432');
    expect(screen.getByText('-$57.00')).toBeTruthy();
    expect(screen.getByText('$513.00')).toBeTruthy();
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(within(store).getByText('Tuesday 1 December, 5:30 pm')).toBeTruthy();
    expect(next.textContent).toContain("Collect by Tuesday 1 December, 5:30 pm (the store's closing time).");
    expect(next.textContent).toContain('Bring photo ID (driver licence or passport) and your order number.');
    expect(next.textContent).toContain('Pay when you collect');
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
  });

  it('shows a posted order with its delivery address and postage, and no discount line', async () => {
    calls = stubFetch({ 'GET /c3api/checkout/confirmation': () => envelope(POSTAGE_ORDER) });
    renderAt('/checkout/confirmation?reference=ORD-POST01&key=k');
    const store = await screen.findByRole('region', { name: 'Newtown' });
    expect(calls[0]?.url).toBe('/c3api/checkout/confirmation?reference=ORD-POST01&key=k');
    expect(within(store).getByRole('heading', { name: 'Posting to' })).toBeTruthy();
    expect(within(store).getByText('1 George St')).toBeTruthy();
    expect(within(store).queryByText('Opening hours')).toBeNull();
    expect(screen.queryByText('Discount')).toBeNull();
    expect(screen.getByText('$312.00')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'What happens next' }).textContent).toContain('post your items');
  });

  it("waits for the site's region before its wording, and then drops the checkout's remembered steps", async () => {
    window.sessionStorage.setItem(STEP_MEMORY_KEY, '{"kept":true}');
    stubFetch({ 'GET /c3api/checkout/confirmation': () => envelope(PICKUP_ORDER) });
    renderAt('/checkout/confirmation/ORD-7K2M9Q?key=k', DEFAULT_SITE_SETTINGS);
    // Not loaded: the default region's "driver licence" would be wrong for a UK order.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('status').textContent).toBe('Loading your order...');
    expect(screen.queryByText(/driver licence/)).toBeNull();
    cleanup();
    renderAt('/checkout/confirmation/ORD-7K2M9Q?key=k', siteSettingsFrom({ ...DEFAULT_SITE_SETTINGS, Region: 'UK' }));
    expect(await screen.findByText(/driving licence/)).toBeTruthy();
    expect(window.sessionStorage.getItem(STEP_MEMORY_KEY)).toBeNull();
  });

  it('says the order cannot be found on a 404 (unknown reference or wrong key)', async () => {
    stubFetch({ 'GET /c3api/checkout/confirmation': () => envelope(null, 404, 'No such order') });
    renderAt('/checkout/confirmation/ORD-NOPE?key=bad');
    expect(await screen.findByRole('heading', { name: 'We could not find that order' })).toBeTruthy();
    expect(document.title).toBe('Order not found | Secondhand');
  });

  it('says the same without asking when the link has no reference', async () => {
    calls = stubFetch({});
    renderAt('/checkout/confirmation');
    expect(await screen.findByRole('heading', { name: 'We could not find that order' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
