// @vitest-environment jsdom
import type { ProductDetail, PostageQuote as Quote } from '@shop/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withQueryClient } from '../../../test/query-wrapper';
import { PostageQuote } from './postage-quote';

const makeProduct = () =>
  ({ Code: 'SH0000001', IsAvailable: true, CanPost: true, ShippingCost: 995 }) as unknown as ProductDetail;
let asked: string[];
const money = (amount: number) => ({ Amount: amount, Display: `$${(amount / 100).toFixed(2)}` });
const quote: Quote = {
  Regular: money(3290),
  Express: null,
  RegularTimeLine: '5-10 business days',
  ExpressTimeLine: '',
  SodAndInsuranceCost: money(1295),
  HasSignatureOnDelivery: true,
  HasInsurance: true,
  IsExpressPostageEnabled: false,
  MissingTableRateMessage: null,
  PostCode: '0870',
};

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response(JSON.stringify({ WasSuccessful: true, Value: quote, Message: null }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PostageQuote', () => {
  it('refuses a postcode of the wrong shape beside the box, asking nothing', async () => {
    render(withQueryClient(<PostageQuote product={makeProduct()} />));
    fireEvent.change(screen.getByRole('textbox', { name: 'Postcode' }), { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a 4 digit postcode');
    expect(screen.getByRole('textbox', { name: 'Postcode' }).getAttribute('aria-invalid')).toBe('true');
    expect(asked).toEqual([]);
  });

  it('quotes Regular and Express with delivery times and the surcharge for a good postcode', async () => {
    render(withQueryClient(<PostageQuote product={makeProduct()} />));
    fireEvent.change(screen.getByRole('textbox', { name: 'Postcode' }), { target: { value: '0870' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    const list = await screen.findByRole('list', { name: 'Postage to 0870' });
    await waitFor(() => expect(list.textContent).toContain('Regular$32.905-10 business days'));
    expect(list.textContent).toContain('ExpressNot available to this postcode');
    expect(screen.getByText('Includes $12.95 for signature on delivery and insurance.')).toBeTruthy();
    expect(asked[0]).toContain('/c3api/product/postage?code=');
    expect(asked[0]).toContain('postcode=0870');
  });

  it('shows nothing for an item that cannot be posted', () => {
    render(withQueryClient(<PostageQuote product={{ ...makeProduct(), CanPost: false, ShippingCost: null }} />));
    expect(screen.queryByRole('textbox', { name: 'Postcode' })).toBeNull();
  });
});
