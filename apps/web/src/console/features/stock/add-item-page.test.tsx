// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, invalidInputReply, type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { CATEGORIES, ITEMS_URL, renderStock, stockItem } from './stock-fixtures';

// A shared two-core machine can take more than the default second to answer and render.
configure({ asyncUtilTimeout: 5000 });

let calls: RecordedCall[];
let addReply: () => Response;

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
  document.cookie = 'XSRF-TOKEN=csrf-1';
  addReply = () => envelope(stockItem({ Code: 'SH200', Title: 'Gibson Les Paul' }));
  calls = stubFetch({
    'GET /c3api/console/stores/7/categories': () => envelope({ Categories: CATEGORIES }),
    [`POST ${ITEMS_URL}`]: () => addReply(),
    [`GET ${ITEMS_URL}/SH200`]: () => envelope(stockItem({ Code: 'SH200', Title: 'Gibson Les Paul' })),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  const form = await screen.findByRole('form', { name: 'Add an item' });
  await user.type(within(form).getByLabelText('Title'), 'Gibson Les Paul');
  await user.selectOptions(within(form).getByLabelText('Category'), 'Music › Guitars');
  await user.type(within(form).getByLabelText('Brand (optional)'), 'Gibson');
  await user.selectOptions(within(form).getByLabelText('Condition'), 'Like new');
  await user.type(within(form).getByLabelText('Price'), '1,499.95');
  await user.type(within(form).getByLabelText('RRP (optional)'), '2999');
  await user.click(within(form).getByRole('radio', { name: 'Percentage off' }));
  await user.type(within(form).getByLabelText('Percentage off (%)'), '10');
  await user.type(within(form).getByLabelText('Weight (grams)'), '4500');
  await user.type(within(form).getByLabelText('Length (cm)'), '110');
  await user.type(within(form).getByLabelText('Width (cm)'), '45');
  await user.type(within(form).getByLabelText('Height (cm)'), '14');
  await user.click(within(form).getByLabelText('Can be posted (otherwise pickup in store only)'));
  return form;
}

describe('adding an item', () => {
  it('sends money in minor units and the picture as base64, then opens the item with a link to the shop', async () => {
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock/new');
    expect(screen.getByRole('heading', { level: 1, name: 'Add an item' })).toBeTruthy();
    const form = await fillForm(user);
    const png = new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'front.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Pictures (up to 6)'), png);
    expect(await within(form).findByRole('img', { name: '1: front.png' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Add the item' }));

    const notice = await screen.findByText(/Added Gibson Les Paul \(SH200\)/);
    expect(screen.getByTestId('location').textContent).toBe('/store-console/stores/7/stock/SH200');
    // Focus moves in an effect after the notice is drawn: on a busy machine the text can be found
    // between the two.
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(within(notice).getByRole('link', { name: 'See it in the shop' }).getAttribute('href')).toBe(
      '/product/sh200/fender-stratocaster',
    );
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.headers['X-XSRF-TOKEN']).toBe('csrf-1');
    expect(post?.body).toEqual({
      Title: 'Gibson Les Paul',
      CategoryId: 2,
      Brand: 'Gibson',
      Condition: 5,
      Description: '',
      Colour: null,
      Storage: null,
      PriceMinor: 149_995,
      RrpMinor: 299_900,
      Promotion: { Method: 'Percentage', Amount: 10 },
      WeightGrams: 4500,
      LengthCm: 110,
      WidthCm: 45,
      HeightCm: 14,
      Postable: false,
      Pictures: [btoa(String.fromCharCode(137, 80, 78, 71, 1, 2, 3))],
    });
  });

  it('names the conditions as shoppers see them and sends their number; sends colour and storage from the search filters’ lists', async () => {
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock/new');
    const form = await screen.findByRole('form', { name: 'Add an item' });
    const condition = within(form).getByLabelText('Condition') as HTMLSelectElement;
    expect([...condition.options].map((o) => o.text)).toEqual([
      'Like new',
      'Very good',
      'Good',
      'Fair',
      'Poor',
      'Not graded',
    ]);
    expect(condition.selectedOptions[0]?.text).toBe('Good');
    await user.type(within(form).getByLabelText('Title'), 'iPhone 13 mini');
    await user.selectOptions(within(form).getByLabelText('Category'), 'Cameras');
    await user.selectOptions(condition, 'Very good');
    await user.selectOptions(within(form).getByLabelText('Colour (optional)'), 'Rose Gold');
    await user.selectOptions(within(form).getByLabelText('Storage (optional)'), '256GB');
    await user.type(within(form).getByLabelText('Price'), '500');
    // Pickup only: weight and size may stay empty, and are sent as not given.
    await user.click(within(form).getByLabelText('Can be posted (otherwise pickup in store only)'));
    expect(within(form).getByLabelText('Weight (grams)').hasAttribute('required')).toBe(false);
    await user.click(within(form).getByRole('button', { name: 'Add the item' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      Condition: 4,
      Colour: 'rose-gold',
      Storage: '256gb',
      Postable: false,
      WeightGrams: null,
      LengthCm: null,
      WidthCm: null,
      HeightCm: null,
    });
  });

  it('asks for weight and size only when the item can be posted', async () => {
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock/new');
    const form = await screen.findByRole('form', { name: 'Add an item' });
    await user.type(within(form).getByLabelText('Title'), 'Upright piano');
    await user.selectOptions(within(form).getByLabelText('Category'), 'Music › Guitars');
    await user.type(within(form).getByLabelText('Price'), '900');
    await user.click(within(form).getByRole('button', { name: 'Add the item' }));
    const weight = within(form).getByLabelText('Weight (grams)');
    expect(weight.hasAttribute('required')).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(weight));
    expect(form.textContent).toContain('Weight is needed for an item that can be posted');
    expect(form.textContent).toContain('Height is needed for an item that can be posted');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('counts the title’s characters against the limit, read with the field and spoken near the limit', async () => {
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock/new');
    const form = await screen.findByRole('form', { name: 'Add an item' });
    const title = within(form).getByLabelText('Title');
    const count = () =>
      (title.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    expect(count()).toBe('0/150 characters');
    await user.type(title, 'Gibson');
    expect(count()).toBe('6/150 characters');
    const announcement = screen.getByTestId('title-count-announcement');
    expect(announcement.getAttribute('aria-live')).toBe('polite');
    expect(announcement.textContent).toBe('');
    await user.type(title, 'x'.repeat(140));
    expect(count()).toBe('146/150 characters');
    expect(announcement.textContent).toBe('4 characters left');
    expect(title.getAttribute('maxLength')).toBe('150');
  });

  it('checks the fields before sending: the first wrong one gets the focus, nothing is sent', async () => {
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock/new');
    const form = await screen.findByRole('form', { name: 'Add an item' });
    await user.click(within(form).getByRole('button', { name: 'Add the item' }));
    const title = within(form).getByLabelText('Title');
    expect(document.activeElement).toBe(title);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(form.textContent).toContain('Title must be at least 3 characters');
    expect(form.textContent).toContain('Choose a category');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's per-field errors beside the fields and stays on the form", async () => {
    addReply = () =>
      invalidInputReply([
        { Field: 'Promotion', Message: 'the amount off must be below the RRP' },
        { Field: 'Pictures.0', Message: 'is not a picture' },
      ]);
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock/new');
    const form = await fillForm(user);
    await user.upload(
      within(form).getByLabelText('Pictures (up to 6)'),
      new File([new Uint8Array([1, 2, 3])], 'broken.png', { type: 'image/png' }),
    );
    await within(form).findByRole('img', { name: '1: broken.png' });
    await user.click(within(form).getByRole('button', { name: 'Add the item' }));
    const amount = within(form).getByLabelText('Percentage off (%)');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(amount.getAttribute('aria-describedby')).toBeTruthy();
    const described = document.getElementById(String(amount.getAttribute('aria-describedby')?.split(' ').at(-1)));
    expect(described?.textContent).toBe('The amount off must be below the RRP');
    expect(form.textContent).toContain('Picture 1: Is not a picture');
    expect(within(form).getByRole('alert').textContent).toBe('Nothing was saved: please correct the fields marked.');
    expect(screen.getByTestId('location').textContent).toBe('/store-console/stores/7/stock/new');
  });
});
