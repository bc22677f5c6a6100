// @vitest-environment jsdom
import { ITEM_IN_LIVE_ORDER_MESSAGE } from '@shop/contract';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { CATEGORIES, ITEMS_URL, renderStock, stockItem } from './stock-fixtures';

// A shared two-core machine can take more than the default second to answer and render.
configure({ asyncUtilTimeout: 5000 });

const ITEM = `${ITEMS_URL}/SH100`;
let calls: RecordedCall[];
let reply: (call: RecordedCall) => Response;

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
  document.cookie = 'XSRF-TOKEN=csrf-1';
  reply = () => envelope(null, 409, ITEM_IN_LIVE_ORDER_MESSAGE);
  calls = stubFetch({
    [`GET ${ITEM}`]: () => envelope(stockItem()),
    'GET /c3api/console/stores/7/categories': () => envelope({ Categories: CATEGORIES }),
    [`POST ${ITEM}/price`]: (call) => reply(call),
    [`POST ${ITEM}/sell`]: (call) => reply(call),
    [`POST ${ITEM}/withdraw`]: (call) => reply(call),
    [`POST ${ITEM}/edit`]: (call) => reply(call),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const posts = () => calls.filter((c) => c.method === 'POST');

describe("an item's page", () => {
  it('shows the item and changes its price (typed in dollars, sent in cents), announcing the new price', async () => {
    reply = () => envelope(stockItem({ PriceMinor: 99_900, Price: '$999.00' }));
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock/SH100');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fender Stratocaster' })).toBeTruthy();
    expect(screen.getByText('$1,250.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See it in the shop' }).getAttribute('href')).toBe(
      '/product/sh100/fender-stratocaster',
    );
    const form = screen.getByRole('form', { name: 'Change the price' });
    const price = within(form).getByLabelText('New price');
    expect((price as HTMLInputElement).value).toBe('1250');
    await user.clear(price);
    await user.type(price, '999{Enter}');
    expect(await screen.findByText('The price is now $999.00.')).toBeTruthy();
    expect(screen.getByText('The price is now $999.00.').getAttribute('role')).toBe('status');
    expect(posts()).toEqual([expect.objectContaining({ url: `${ITEM}/price`, body: { PriceMinor: 99_900 } })]);
    expect(screen.getByText('$999.00')).toBeTruthy();
  });

  it('refuses a price that is not an amount without sending it', async () => {
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock/SH100');
    const form = await screen.findByRole('form', { name: 'Change the price' });
    const price = within(form).getByLabelText('New price');
    await user.clear(price);
    await user.type(price, 'ten{Enter}');
    expect(form.textContent).toContain('Price must be an amount above 0, such as 12.50');
    expect(document.activeElement).toBe(price);
    expect(posts()).toEqual([]);
  });

  it('marks the item sold in store only after a confirmation; Cancel sends nothing and gives the focus back', async () => {
    reply = () => envelope(stockItem({ Status: 'sold' }));
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock/SH100');
    const sell = await screen.findByRole('button', { name: 'Mark sold in store' });
    await user.click(sell);
    const confirm = screen.getByRole('button', { name: 'Yes, mark it sold' });
    expect(document.activeElement).toBe(confirm);
    expect(screen.getByRole('group', { name: /Mark this item sold in store\?/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mark sold in store' })),
    );
    expect(posts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Mark sold in store' }));
    await user.click(screen.getByRole('button', { name: 'Yes, mark it sold' }));
    expect(await screen.findByText('Marked sold in store.')).toBeTruthy();
    expect(posts().map((c) => c.url)).toEqual([`${ITEM}/sell`]);
    // Off sale now: nothing more to change, and the focus is on the item's heading.
    expect(screen.queryByRole('form', { name: 'Change the price' })).toBeNull();
    expect(screen.getByText('Sold')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
  });

  it("shows the server's 409 when the item is in a live order, and keeps the item as it was", async () => {
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock/SH100');
    await user.click(await screen.findByRole('button', { name: 'Withdraw from sale' }));
    await user.click(screen.getByRole('button', { name: 'Yes, withdraw it' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ITEM_IN_LIVE_ORDER_MESSAGE);
    expect(screen.getByText('Available')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Change the price' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Withdraw from sale' })),
    );
  });

  it('offers no changes for an item in a live order, and says why', async () => {
    stubFetch({ [`GET ${ITEM}`]: () => envelope(stockItem({ Status: 'reserved', InLiveOrder: true })) });
    renderStock('/store-console/stores/7/stock/SH100');
    expect(await screen.findByText(/in a live order/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit the item' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark sold in store' })).toBeNull();
  });

  it('edits the item with the form filled in, keeping its pictures when none are chosen', async () => {
    reply = () => envelope(stockItem({ Title: 'Fender Stratocaster 1979' }));
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock/SH100/edit');
    const form = await screen.findByRole('form', { name: 'Edit Fender Stratocaster' });
    expect((within(form).getByLabelText('Category') as HTMLSelectElement).value).toBe('2');
    expect((within(form).getByLabelText('Price') as HTMLInputElement).value).toBe('1250');
    await user.type(within(form).getByLabelText('Title'), ' 1979');
    await user.click(within(form).getByRole('button', { name: 'Save the changes' }));
    expect(await screen.findByText('Saved the changes to Fender Stratocaster 1979.')).toBeTruthy();
    const edit = posts()[0];
    expect(edit?.url).toBe(`${ITEM}/edit`);
    expect(edit?.body).toMatchObject({ Title: 'Fender Stratocaster 1979', PriceMinor: 125_000, CategoryId: 2 });
    expect(edit?.body).not.toHaveProperty('Pictures');
  });

  it('shows a 409 on edit and stays on the form', async () => {
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock/SH100/edit');
    const form = await screen.findByRole('form', { name: 'Edit Fender Stratocaster' });
    await user.click(within(form).getByRole('button', { name: 'Save the changes' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(ITEM_IN_LIVE_ORDER_MESSAGE);
    expect(screen.getByTestId('location').textContent).toBe('/store-console/stores/7/stock/SH100/edit');
  });
});
