// @vitest-environment jsdom
import type { PriceGuideValue } from '@shop/contract';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { CATEGORIES, ITEMS_URL, renderStock, stockItem } from './stock-fixtures';

// A shared two-core machine can take more than the default second to answer and render.
configure({ asyncUtilTimeout: 5000 });

const GUIDE_URL = '/c3api/console/stores/7/price-guide';

const KNOWN: PriceGuideValue = {
  SoldMedianMinor: 52_000,
  ListedMedianMinor: 58_000,
  LowMinor: 41_000,
  HighMinor: 63_000,
  SoldCount: 14,
  ListedCount: 5,
  Confidence: 'High',
  ConfidenceReason: '14 sold in the last 180 days, all the same model',
  SuggestedMinor: 47_800,
  ConditionAdjustment: { FromCondition: 4, Percent: -8 },
  Comparables: [
    {
      Code: 'SH300',
      Title: 'Apple iPhone 13 128GB Blue',
      PriceMinor: 51_000,
      Status: 'Sold',
      Date: '2026-11-03',
      Condition: 4,
      StoreName: 'Bendigo',
      Url: '/product/sh300/apple-iphone-13-128gb-blue',
    },
    {
      Code: 'SH301',
      Title: 'iPhone 13 128GB Midnight',
      PriceMinor: 58_000,
      Status: 'Listed',
      Date: '2026-11-20',
      Condition: 3,
      StoreName: 'Geelong',
      Url: '/product/sh301/iphone-13-128gb-midnight',
    },
  ],
  MatchedOn: {
    CategoryId: 2,
    CategoryName: 'Guitars',
    UsedParentCategory: false,
    Brand: 'Apple',
    ModelWords: ['iphone', '13', '128gb'],
  },
};

const NONE: PriceGuideValue = {
  ...KNOWN,
  SoldMedianMinor: null,
  ListedMedianMinor: null,
  LowMinor: null,
  HighMinor: null,
  SoldCount: 1,
  ListedCount: 0,
  Confidence: 'None',
  ConfidenceReason: 'only 1 comparable item sold in the last 180 days',
  SuggestedMinor: null,
  ConditionAdjustment: null,
  Comparables: [KNOWN.Comparables[0] as PriceGuideValue['Comparables'][number]],
};

let calls: RecordedCall[];
let answer: PriceGuideValue;

beforeEach(() => {
  answer = KNOWN;
  calls = stubFetch({
    'GET /c3api/console/stores/7/categories': () => envelope({ Categories: CATEGORIES }),
    [`GET ${GUIDE_URL}`]: () => envelope(answer),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function describeItem(user: ReturnType<typeof userEvent.setup>) {
  renderStock('/store-console/stores/7/stock/new');
  const form = await screen.findByRole('form', { name: 'Add an item' });
  await user.type(within(form).getByLabelText('Title'), 'iPhone 13 128GB');
  await user.selectOptions(within(form).getByLabelText('Category'), 'Music › Guitars');
  await user.type(within(form).getByLabelText('Brand (optional)'), 'Apple');
  return form;
}

const guideCalls = () => calls.filter((c) => c.url.startsWith(GUIDE_URL));

describe('the price guide beside the item form', () => {
  it('waits for a title and a category, then asks once typing pauses and shows the answer', async () => {
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock/new');
    const form = await screen.findByRole('form', { name: 'Add an item' });
    const guide = within(form).getByRole('region', { name: 'Price guide' });
    expect(guide.textContent).toContain('Fill in the title and category');
    await user.type(within(form).getByLabelText('Title'), 'iPhone 13 128GB');
    await user.selectOptions(within(form).getByLabelText('Category'), 'Music › Guitars');
    await user.type(within(form).getByLabelText('Brand (optional)'), 'Apple');

    await within(guide).findByText('$478.00');
    // On a busy machine a pause after the category can ask first; the last question has every field.
    const lastAsked = () => Object.fromEntries(new URL(guideCalls().at(-1)?.url ?? '', 'http://shop').searchParams);
    await waitFor(() =>
      expect(lastAsked()).toEqual({ title: 'iPhone 13 128GB', categoryId: '2', brand: 'Apple', condition: '3' }),
    );
    // Typing a word is one question, not one per key ('Apple' is five keys).
    expect(guideCalls().length).toBeLessThanOrEqual(3);
    const text = guide.textContent ?? '';
    expect(text).toContain('Sold median$520.00');
    expect(text).toContain('$410.00 – $630.00 (the middle 80% of sold prices)');
    expect(text).toContain('Listed median$580.00');
    expect(text).toContain('14 sold in the last 180 days, 5 listed now');
    expect(text).toContain('High: 14 sold in the last 180 days, all the same model');
    expect(text).toContain('Adjusted down 8% for condition: this one is Good, the comparables mostly Very good.');
    const links = within(guide).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      ['Apple iPhone 13 128GB Blue (opens in a new tab)', '/product/sh300/apple-iphone-13-128gb-blue', '_blank'],
      ['iPhone 13 128GB Midnight (opens in a new tab)', '/product/sh301/iphone-13-128gb-midnight', '_blank'],
    ]);
    const first = links[0]?.closest('li')?.textContent ?? '';
    expect(first).toContain('$510.00');
    expect(first).toContain('Sold 3 November 2026 · Very good · Bendigo');
    await waitFor(() =>
      expect(screen.getByTestId('price-guide-announcement').textContent).toBe(
        'Price guide: suggested $478.00 from 14 sold and 5 listed, high confidence.',
      ),
    );
  });

  it('says when there are too few comparables, and offers no price', async () => {
    answer = NONE;
    const user = userEvent.setup();
    const form = await describeItem(user);
    const guide = within(form).getByRole('region', { name: 'Price guide' });
    await within(guide).findByText('Not enough comparable items to suggest a price.');
    expect(guide.textContent).toContain('only 1 comparable item sold in the last 180 days');
    expect(guide.textContent).toContain('1 sold in the last 180 days, 0 listed now');
    expect(within(guide).queryByRole('button', { name: 'Use this price' })).toBeNull();
    expect(guide.textContent).not.toContain('Suggested price');
    expect(within(guide).getAllByRole('link')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByTestId('price-guide-announcement').textContent).toBe(
        'Price guide: not enough comparable items to suggest a price.',
      ),
    );
  });

  it('"Use this price" fills the price field, focuses it and says so', async () => {
    const user = userEvent.setup();
    const form = await describeItem(user);
    const guide = within(form).getByRole('region', { name: 'Price guide' });
    await user.click(await within(guide).findByRole('button', { name: 'Use this price' }));
    const price = within(form).getByLabelText('Price') as HTMLInputElement;
    expect(price.value).toBe('478');
    expect(document.activeElement).toBe(price);
    expect(screen.getByTestId('price-guide-announcement').textContent).toBe('Price set to $478.00.');
  });

  it('shows why the guide is missing when the call fails', async () => {
    calls = stubFetch({
      'GET /c3api/console/stores/7/categories': () => envelope({ Categories: CATEGORIES }),
    });
    const user = userEvent.setup();
    const form = await describeItem(user);
    const guide = within(form).getByRole('region', { name: 'Price guide' });
    await within(guide).findByText(/The price guide is not available just now/);
  });
  it('on the edit form, asks about the item as it is at once, leaving the item itself out', async () => {
    calls = stubFetch({
      'GET /c3api/console/stores/7/categories': () => envelope({ Categories: CATEGORIES }),
      [`GET ${ITEMS_URL}/SH100`]: () => envelope(stockItem()),
      [`GET ${GUIDE_URL}`]: () => envelope(answer),
    });
    renderStock('/store-console/stores/7/stock/SH100/edit');
    const form = await screen.findByRole('form', { name: 'Edit Fender Stratocaster' });
    const guide = within(form).getByRole('region', { name: 'Price guide' });
    await within(guide).findByRole('button', { name: 'Use this price' });
    expect(guideCalls()).toHaveLength(1);
    const asked = new URL(guideCalls()[0]?.url ?? '', 'http://shop');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      title: 'Fender Stratocaster',
      categoryId: '2',
      brand: 'Fender',
      condition: '4',
      code: 'SH100',
    });
  });
  it('aborts a question still out when the inputs change, so a stale answer never lands', async () => {
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.startsWith('/c3api/console/stores/7/categories')) return envelope({ Categories: CATEGORIES });
        const signal = init?.signal as AbortSignal;
        signals.push(signal);
        // The first question never answers on its own; the second answers at once.
        if (signals.length === 1)
          return new Promise<Response>((_, reject) =>
            signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          );
        return envelope(KNOWN);
      }),
    );
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock/new');
    const form = await screen.findByRole('form', { name: 'Add an item' });
    await user.type(within(form).getByLabelText('Title'), 'iPhone 13');
    await user.selectOptions(within(form).getByLabelText('Category'), 'Music › Guitars');
    await waitFor(() => expect(signals).toHaveLength(1));
    await user.type(within(form).getByLabelText('Title'), ' 128GB');
    const guide = within(form).getByRole('region', { name: 'Price guide' });
    await within(guide).findByText('$478.00');
    expect(signals[0]?.aborted).toBe(true);
    expect(signals.at(-1)?.aborted).toBe(false);
  });
});
