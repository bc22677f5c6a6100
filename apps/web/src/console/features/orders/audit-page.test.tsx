// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { renderOrders } from './console-order-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Console audit trail', () => {
  it('lists who did what and when, with the order linked, every action and its detail in words', async () => {
    const calls = stubFetch({
      'GET /c3api/console/stores/7/audit': () =>
        envelope({
          Entries: [
            {
              Id: 2,
              At: '2026-11-21T03:05:00.000Z',
              UserId: 5,
              StaffEmail: 'staff@example.com',
              Action: 'order.cancel-item',
              OrderReference: 'ORD-AAAA-BBBB-CCCC',
              ItemCode: 'SH1',
              Detail: { restock: false, refundMinor: 45_000, shipmentCancelled: false },
            },
            {
              Id: 4,
              At: '2026-11-21T02:00:00.000Z',
              UserId: 5,
              StaffEmail: 'staff@example.com',
              Action: 'store.settings',
              OrderReference: null,
              ItemCode: null,
              Detail: { section: 'details', phone: { from: '02 6300 0000', to: '02 6300 1111' } },
            },
            {
              Id: 3,
              At: '2026-11-21T01:00:00.000Z',
              UserId: 1,
              StaffEmail: 'admin@example.com',
              Action: 'store.edit',
              OrderReference: null,
              ItemCode: null,
              Detail: { changed: ['Name', 'Suburb'] },
            },
            {
              Id: 1,
              At: '2026-11-20T23:00:00.000Z',
              UserId: null,
              StaffEmail: '',
              Action: 'item.price',
              OrderReference: null,
              ItemCode: 'SH7',
              Detail: {},
            },
          ],
          TotalCount: 4,
          Page: 1,
          PageSize: 50,
        }),
    });
    renderOrders('/store-console/stores/7/orders/audit');
    const [cancel, settings, store, price] = (await screen.findAllByRole('listitem')) as HTMLElement[] as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(calls[0]?.url).toBe('/c3api/console/stores/7/audit?page=1&pageSize=50');
    expect(screen.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeTruthy();
    expect(cancel.textContent).toContain('Cancelled an item on ORD-AAAA-BBBB-CCCC (item SH1)');
    expect(within(cancel).getByRole('link', { name: 'ORD-AAAA-BBBB-CCCC' }).getAttribute('href')).toBe(
      '/store-console/stores/7/orders/ORD-AAAA-BBBB-CCCC',
    );
    // 03:05 UTC is 1:05 pm in the shop's order time zone (AEST).
    expect(cancel.textContent).toContain('21/11/2026 1:05 pm by staff@example.com');
    // The detail as a 'Label: value' line each (the colon is the stylesheet's), never JSON.
    const detail = (entry: HTMLElement) =>
      [...entry.querySelectorAll('.console-audit__detail div')].map(
        (line) => `${line.querySelector('dt')?.textContent}: ${line.querySelector('dd')?.textContent}`,
      );
    expect(detail(cancel)).toEqual(['Back on sale: no', 'Refund: $450.00', 'Shipment cancelled: no']);
    expect(settings.textContent).toContain("Changed the store's settings");
    expect(detail(settings)).toEqual(['Section: Details', 'Phone: 02 6300 0000 → 02 6300 1111']);
    expect(store.textContent).toContain("Changed the store's details");
    expect(detail(store)).toEqual(['Changed: Name, Suburb']);
    expect(settings.textContent).not.toContain('{');
    expect(price.textContent).toContain('Changed a price (item SH7)');
    expect(price.textContent).toContain('by a former staff member');
  });

  it('says when nothing has been changed yet', async () => {
    stubFetch({
      'GET /c3api/console/stores/7/audit': () => envelope({ Entries: [], TotalCount: 0, Page: 1, PageSize: 50 }),
    });
    renderOrders('/store-console/stores/7/orders/audit');
    expect(await screen.findByText('Nothing has been changed yet.')).toBeTruthy();
  });
});
