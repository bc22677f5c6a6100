// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { consoleOrder, line, renderOrders } from './console-order-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST = 'GET /c3api/console/stores/7/orders';

describe('Console orders list', () => {
  it('shows the open orders by default, each with reference, date, shopper, delivery, items, total and next step', async () => {
    const pickup = consoleOrder({
      Reference: 'ORD-PICK-UP00-0001',
      Method: 'pickup',
      Service: null,
      State: 'ready',
      NextStep: 'Hand the items over when the shopper comes, take $10.00, and mark them collected',
      Lines: [line({ Code: 'SH9' }), line({ Code: 'SH8', Cancelled: true })],
      Totals: { ...consoleOrder().Totals, Total: '$10.00' },
    });
    const calls = stubFetch({
      [LIST]: () => envelope({ Orders: [consoleOrder(), pickup], TotalCount: 2, Page: 1, PageSize: 25 }),
    });
    renderOrders('/store-console/stores/7/orders');
    const rows = await screen.findAllByRole('listitem');
    expect(calls[0]?.url).toBe('/c3api/console/stores/7/orders?status=open&page=1&pageSize=25');
    const [posted, picked] = rows as [HTMLElement, HTMLElement];
    const link = within(posted).getByRole('link', { name: 'ORD-AAAA-BBBB-CCCC' });
    expect(link.getAttribute('href')).toBe('/store-console/stores/7/orders/ORD-AAAA-BBBB-CCCC');
    expect(posted.textContent).toContain('Placed20/11/2026');
    expect(posted.textContent).toContain('ShopperAda Lovelace');
    expect(posted.textContent).toContain('DeliveryPostage (Regular)');
    expect(posted.textContent).toContain('Items2 items');
    expect(posted.textContent).toContain('Total$581.95');
    expect(posted.textContent).toContain('Next step: Pack the items and dispatch them with a tracking number');
    // A cancelled item is not counted; a pickup says so.
    expect(picked.textContent).toContain('DeliveryPickup');
    expect(picked.textContent).toContain('Items1 item');
    expect(picked.textContent).toContain('Ready for pickup');
    const filters = screen.getByRole('navigation', { name: 'Filter orders' });
    expect(within(filters).getByRole('link', { name: 'Open' }).getAttribute('aria-current')).toBe('page');
    expect(within(filters).getByRole('link', { name: 'Dispatched' }).getAttribute('href')).toBe(
      '/store-console/stores/7/orders?status=dispatched',
    );
    expect(screen.getByRole('link', { name: 'Audit trail' }).getAttribute('href')).toBe(
      '/store-console/stores/7/orders/audit',
    );
  });

  it('reads the filter and page from the URL and pages within the filter', async () => {
    const calls = stubFetch({
      [LIST]: () =>
        envelope({ Orders: [consoleOrder({ State: 'dispatched' })], TotalCount: 60, Page: 2, PageSize: 25 }),
    });
    renderOrders('/store-console/stores/7/orders?status=dispatched&page=2');
    const pager = await screen.findByRole('navigation', { name: 'Orders pages' });
    expect(calls[0]?.url).toBe('/c3api/console/stores/7/orders?status=dispatched&page=2&pageSize=25');
    expect(pager.textContent).toContain('Page 2 of 3');
    expect(within(pager).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/store-console/stores/7/orders?status=dispatched',
    );
    expect(within(pager).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/store-console/stores/7/orders?status=dispatched&page=3',
    );
    const filters = screen.getByRole('navigation', { name: 'Filter orders' });
    expect(within(filters).getByRole('link', { name: 'Dispatched' }).getAttribute('aria-current')).toBe('page');
  });

  it('brings an order opened from a filtered page back to that page', async () => {
    const order = consoleOrder({ State: 'dispatched' });
    stubFetch({
      [LIST]: () => envelope({ Orders: [order], TotalCount: 60, Page: 2, PageSize: 25 }),
      [`${LIST}/${order.Reference}`]: () => envelope(order),
    });
    renderOrders('/store-console/stores/7/orders?status=dispatched&page=2');
    await userEvent.click(await screen.findByRole('link', { name: order.Reference }));
    const back = await screen.findByRole('link', { name: 'Back to the orders' });
    expect(back.getAttribute('href')).toBe('/store-console/stores/7/orders?status=dispatched&page=2');
  });

  it('treats an unknown filter as open, and says when there is nothing to do', async () => {
    const calls = stubFetch({ [LIST]: () => envelope({ Orders: [], TotalCount: 0, Page: 1, PageSize: 25 }) });
    renderOrders('/store-console/stores/7/orders?status=lost');
    expect(await screen.findByText('No open orders: nothing to do.')).toBeTruthy();
    expect(calls[0]?.url).toContain('status=open');
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    stubFetch({ [LIST]: () => envelope(null, 403, 'This is for store staff only.') });
    renderOrders('/store-console/stores/7/orders');
    expect((await screen.findByRole('alert')).textContent).toContain('This is for store staff only.');
  });
});
