// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberPostcode } from '../lib/shopper-postcode';
import { envelope, stubFetch } from '../test/fetch-stub';
import { makeItem } from '../test/product-fixtures';
import { withQueryClient } from '../test/query-wrapper';
import { ProductCard } from './product-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FROM = 'Postage from $9.95 or free pickup';
const cards = () => [
  makeItem({ Code: 'SH0000001', Title: 'First', ShippingLabel: FROM }),
  makeItem({ Code: 'SH0000002', Title: 'Second', ShippingLabel: FROM }),
  makeItem({ Code: 'SH0000003', Title: 'Sold since', ShippingLabel: FROM }),
];
const renderCards = () =>
  render(
    withQueryClient(
      <>
        {cards().map((item) => (
          <ProductCard key={item.Code} item={item} region="AU" />
        ))}
      </>,
    ),
  );

describe('a card with the shopper postcode', () => {
  it('asks nothing and keeps "Postage from" while no postcode is known', async () => {
    const calls = stubFetch({});
    renderCards();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toEqual([]);
    expect(screen.getAllByText(FROM)).toHaveLength(3);
  });

  it('shows "from" first, then the exact line for the remembered postcode, one request for the cards on screen', async () => {
    rememberPostcode('AU', '2150');
    const calls = stubFetch({
      'GET /c3api/product/postage/cards': () =>
        envelope({
          Items: [
            { Code: 'SH0000001', PostageMinor: 1295, Label: 'Postage $12.95 to 2150' },
            { Code: 'SH0000002', PostageMinor: null, Label: 'Pickup only (no postage to 2150)' },
          ],
        }),
    });
    renderCards();
    expect(screen.getAllByText(FROM)).toHaveLength(3);
    expect(screen.queryByText(/to 2150/)).toBeNull();

    const first = await screen.findByText('Postage $12.95 to 2150');
    expect(first.closest('article')?.getAttribute('aria-label')).toBe('First');
    await waitFor(() => expect(screen.getByText('Pickup only (no postage to 2150)')).toBeTruthy());
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]?.url ?? '', 'http://shop.test');
    expect(url.searchParams.get('postcode')).toBe('2150');
    expect(url.searchParams.get('codes')).toBe('SH0000001,SH0000002,SH0000003');

    // The "from" line keeps the box's size under the exact one, hidden from sight and from screen readers.
    const firstFrom = first.parentElement?.querySelector('[aria-hidden="true"]');
    expect(firstFrom?.textContent).toBe(FROM);
    // An item the answer leaves out (sold since) keeps what the server said.
    const sold = screen.getByRole('article', { name: 'Sold since' });
    expect(sold.querySelector('.product-card__postage')?.textContent).toBe(FROM);
    expect(sold.querySelector('[aria-hidden="true"]')).toBeNull();
  });
});
