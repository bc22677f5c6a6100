// @vitest-environment jsdom
import type { ConsoleOrder } from '@shop/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDialogPolyfill } from '../../../test/dialog';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { consoleOrder, line, renderOrders } from './console-order-fixtures';

beforeAll(installDialogPolyfill);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REF = 'ORD-AAAA-BBBB-CCCC';
const PATH = `/store-console/stores/7/orders/${REF}`;
const API = `/c3api/console/stores/7/orders/${REF}`;

const panel = (name: string) => screen.getByRole('region', { name });

const PICKUP_PAY_IN_STORE: Partial<ConsoleOrder> = {
  Method: 'pickup',
  Service: null,
  Actions: ['ready', 'collect', 'cancel-item'],
  NextStep: 'Get the items ready, then mark them ready for pickup (the shopper is e-mailed)',
  Address: {
    BusinessName: 'Ballarat',
    Line1: '5 Sturt St',
    Line2: '',
    Suburb: 'Ballarat',
    State: 'VIC',
    PostCode: '3350',
  },
  Payment: { Option: 'Generic', PaidOnline: false, PaidInStoreAt: null, PaidInStoreMinor: null, PaidInStore: null },
};

describe('Console order page', () => {
  it("shows the items, the shopper's contact, the delivery address, totals and payment, and only the moves allowed", async () => {
    stubFetch({ [`GET ${API}`]: () => envelope(consoleOrder()) });
    renderOrders(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: `Order ${REF}` })).toBeTruthy();
    expect(screen.getByText('Pack the items and dispatch them with a tracking number')).toBeTruthy();
    const items = panel('Items');
    expect(within(items).getAllByRole('listitem')).toHaveLength(2);
    expect(within(items).getByRole('button', { name: 'Cancel item: Fender Stratocaster (SH1)' })).toBeTruthy();
    const shopper = panel('Shopper');
    expect(within(shopper).getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe(
      'mailto:ada@example.com',
    );
    expect(within(shopper).getByRole('link', { name: '0412 345 678' }).getAttribute('href')).toBe('tel:0412345678');
    expect(within(shopper).getByText('Deliver to (Regular postage)')).toBeTruthy();
    expect(shopper.querySelector('address')?.textContent).toBe('1 George StSydney NSW 2000');
    const totals = panel('Totals and payment');
    expect(totals.textContent).toContain('Postage$11.95');
    expect(totals.textContent).toContain('Total$581.95');
    expect(totals.textContent).toContain('PaymentPaid online (CreditCard)');
    const actions = panel('What to do');
    expect(within(actions).getByRole('button', { name: 'Mark dispatched' })).toBeTruthy();
    expect(within(actions).queryByRole('button', { name: /ready|collected/i })).toBeNull();
  });

  it('checks the dispatch form before sending, then shows the order dispatched and says so', async () => {
    const dispatched = consoleOrder({
      State: 'dispatched',
      Actions: [],
      NextStep: 'Nothing to do: dispatched',
      Lines: consoleOrder().Lines.map((l) => ({ ...l, CanCancel: false })),
      Carrier: null,
      TrackingNumber: 'AB 123',
      TrackingUrl: 'https://auspost.com.au/mypost/track/details/AB123',
      DispatchedAt: '2026-11-21T03:00:00.000Z',
    });
    const calls = stubFetch({
      [`GET ${API}`]: () => envelope(consoleOrder()),
      [`POST ${API}/dispatched`]: () => envelope(dispatched),
    });
    renderOrders(PATH);
    const submit = await screen.findByRole('button', { name: 'Mark dispatched' });
    fireEvent.click(submit);
    const number = screen.getByLabelText('Tracking number');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter the tracking number')).toBeTruthy();
    expect(document.activeElement).toBe(number);
    fireEvent.change(number, { target: { value: 'AB 123' } });
    const url = screen.getByLabelText('Tracking URL (optional)');
    fireEvent.change(url, { target: { value: 'auspost.com.au/track' } });
    fireEvent.click(submit);
    expect(screen.getByText('Tracking URL must be an http:// or https:// address')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(url, { target: { value: 'https://auspost.com.au/mypost/track/details/AB123' } });
    fireEvent.click(submit);
    const status = await screen.findByText(/Marked dispatched/);
    expect(status.textContent).toBe('Marked dispatched (tracking number AB 123). The shopper has been e-mailed.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      Carrier: null,
      TrackingNumber: 'AB 123',
      TrackingUrl: 'https://auspost.com.au/mypost/track/details/AB123',
    });
    expect(screen.getByText('Dispatched', { selector: '.console-state' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'What to do' })).toBeNull();
    const history = panel('History');
    expect(history.textContent).toContain('CarrierAustralia Post');
    expect(
      within(history)
        .getByRole('link', { name: /AB 123/ })
        .getAttribute('href'),
    ).toBe('https://auspost.com.au/mypost/track/details/AB123');
  });

  it("shows the server's refusal of a dispatch in the form, and a 409's reason", async () => {
    let reply = () => envelope(null, 400, 'TrackingNumber: must be letters, digits, spaces or hyphens');
    stubFetch({
      [`GET ${API}`]: () => envelope(consoleOrder()),
      [`POST ${API}/dispatched`]: () => reply(),
    });
    renderOrders(PATH);
    fireEvent.change(await screen.findByLabelText('Tracking number'), { target: { value: 'AB1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark dispatched' }));
    const form = screen.getByRole('form', { name: 'Mark dispatched' });
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'TrackingNumber: must be letters, digits, spaces or hyphens',
    );
    reply = () => envelope(null, 409, 'This order was cancelled, so it cannot be dispatched.');
    fireEvent.click(screen.getByRole('button', { name: 'Mark dispatched' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        'This could not be done: This order was cancelled, so it cannot be dispatched.',
      ),
    );
  });

  it('a pickup: marked ready, then collected with the payment taken in store recorded', async () => {
    const ready = consoleOrder({
      ...PICKUP_PAY_IN_STORE,
      State: 'ready',
      Actions: ['collect', 'cancel-item'],
      NextStep: 'Hand the items over when the shopper comes, take $581.95, and mark them collected',
      ReadyAt: '2026-11-21T03:00:00.000Z',
    });
    const collected = consoleOrder({
      ...PICKUP_PAY_IN_STORE,
      State: 'collected',
      Actions: [],
      NextStep: 'Nothing to do: collected',
      Lines: consoleOrder().Lines.map((l) => ({ ...l, CanCancel: false })),
      ReadyAt: '2026-11-21T03:00:00.000Z',
      CollectedAt: '2026-11-22T03:00:00.000Z',
      Payment: {
        Option: 'Generic',
        PaidOnline: false,
        PaidInStoreAt: '2026-11-22T03:00:00.000Z',
        PaidInStoreMinor: 58_195,
        PaidInStore: '$581.95',
      },
    });
    const calls = stubFetch({
      [`GET ${API}`]: () => envelope(consoleOrder(PICKUP_PAY_IN_STORE)),
      [`POST ${API}/ready`]: () => envelope(ready),
      [`POST ${API}/collected`]: () => envelope(collected),
    });
    renderOrders(PATH);
    expect(await screen.findByText('Pickup in store')).toBeTruthy();
    expect(panel('Totals and payment').textContent).toContain('PaymentPay in store');
    fireEvent.click(screen.getByRole('button', { name: 'Mark ready for pickup' }));
    const readyMessage = await screen.findByText('Marked ready for pickup. The shopper has been e-mailed.');
    expect(document.activeElement?.contains(readyMessage)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Mark ready for pickup' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark collected, $581.95 paid' }));
    // A dialog first: nothing is sent until the ID check and the payment are confirmed.
    const dialog = await screen.findByRole('dialog', { name: 'Mark collected?' });
    const confirm = within(dialog).getByRole('button', { name: 'Mark collected' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /checked the customer's photo ID/ }));
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I have taken the payment of $581.95' }));
    expect(confirm.disabled).toBe(false);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    fireEvent.click(confirm);
    expect(await screen.findByText('Marked collected. Payment of $581.95 taken in store recorded.')).toBeTruthy();
    expect(calls.find((c) => c.url === `${API}/collected`)?.body).toEqual({ IdChecked: true, PaymentTaken: true });
    expect(panel('Totals and payment').textContent).toContain('Paid in store$581.95');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`${API}/ready`, `${API}/collected`]);
  });

  it("a refused move shows the server's reason", async () => {
    stubFetch({
      [`GET ${API}`]: () => envelope(consoleOrder(PICKUP_PAY_IN_STORE)),
      [`POST ${API}/ready`]: () => envelope(null, 409, 'Every item of this shipment was cancelled.'),
    });
    renderOrders(PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark ready for pickup' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This could not be done: Every item of this shipment was cancelled.',
    );
  });

  it('cancels an item after a confirmation that shows the refund and asks about restocking', async () => {
    const after = consoleOrder({
      Lines: [
        line({
          Code: 'SH1',
          Title: 'Fender Stratocaster',
          PriceMinor: 45_000,
          Price: '$450.00',
          Cancelled: true,
          CancelledAt: '2026-11-21T03:00:00.000Z',
          RefundMinor: 45_000,
          Refund: '$450.00',
          CanCancel: false,
        }),
        line({ Code: 'SH2', Title: 'Guitar amp', PriceMinor: 12_000, Price: '$120.00' }),
      ],
    });
    const calls = stubFetch({
      [`GET ${API}`]: () => envelope(consoleOrder()),
      [`POST ${API}/items/SH1/cancel`]: () => envelope(after),
    });
    renderOrders(PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel item: Fender Stratocaster (SH1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this item?' });
    expect(dialog.textContent).toContain('The shopper is refunded $450.00 through the payment provider.');
    const restock = within(dialog).getByRole('checkbox', { name: 'Put the item back on sale' }) as HTMLInputElement;
    expect(restock.checked).toBe(true);
    fireEvent.click(restock);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the item' }));
    expect(await screen.findByText('Fender Stratocaster (SH1) cancelled. Refunded $450.00.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ Restock: false });
    const [cancelled] = within(panel('Items')).getAllByRole('listitem') as [HTMLElement];
    expect(cancelled.textContent).toContain('Cancelled 21/11/2026 · refunded $450.00');
    expect(within(cancelled).queryByRole('button')).toBeNull();
  });

  it('offers the postage back with the last item, and shows a refund the provider failed', async () => {
    const one = consoleOrder({ Lines: [line({ Code: 'SH2', Title: 'Guitar amp', PriceMinor: 12_000 })] });
    const failed = consoleOrder({
      State: 'cancelled',
      Actions: [],
      Lines: [
        line({
          Code: 'SH2',
          Title: 'Guitar amp',
          Cancelled: true,
          CancelledAt: '2026-11-21T03:00:00.000Z',
          RefundMinor: 13_195,
          Refund: '$131.95',
          RefundFailed: true,
          CanCancel: false,
        }),
      ],
    });
    stubFetch({
      [`GET ${API}`]: () => envelope(one),
      [`POST ${API}/items/SH2/cancel`]: () => envelope(failed),
    });
    renderOrders(PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel item: Guitar amp (SH2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this item?' });
    expect(dialog.textContent).toContain('refunded $131.95 through the payment provider, with the postage');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the item' }));
    expect(
      await screen.findByText(
        'Guitar amp (SH2) cancelled. It is back on sale. The refund failed at the payment provider: please follow it up with the shopper.',
      ),
    ).toBeTruthy();
    expect(within(panel('Items')).getByText(/The refund failed at the payment provider/)).toBeTruthy();
  });

  it("says an order that is not the store's is not found", async () => {
    stubFetch({ [`GET ${API}`]: () => envelope(null, 404, 'No such order') });
    renderOrders(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the orders' }).getAttribute('href')).toBe(
      '/store-console/stores/7/orders',
    );
  });
});
