// @vitest-environment jsdom
import {
  type CheckoutViewValue,
  DISCOUNT_INVALID_MESSAGE,
  DISCOUNT_MAX_LENGTH_MESSAGE,
  DISCOUNT_REMOVED_MESSAGE,
  DISCOUNT_REQUIRED_MESSAGE,
  DISCOUNT_SERVER_ERROR_MESSAGE,
  type Money,
  POSTAGE_NOTE_NONE_CHOSEN,
} from '@shop/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutItem, checkoutView, errorOf } from '../../../test/checkout-fixtures';
import { installDialogPolyfill } from '../../../test/dialog.js';
import { envelope, type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { withQueryClient } from '../../../test/query-wrapper';
import type { PostageNote } from '../checkout-types';
import { useDiscount } from '../use-discount';
import { DiscountModal } from './discount-modal';
import { OrderSummary } from './order-summary';

beforeAll(() => {
  installDialogPolyfill();
  // No motion: the modal closes at once instead of fading for 400 ms.
  window.matchMedia = ((query: string) => ({
    matches: query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
});

let calls: RecordedCall[];
let applyReply: () => Response;
const UPDATED = {
  UpdatedTotal: { Amount: 2700, Display: '$27.00' },
  DiscountAmount: { Amount: 300, Display: '$3.00' },
  DiscountCodes: ['SAVE10'],
};

beforeEach(() => {
  applyReply = () => envelope(UPDATED);
  calls = stubFetch({
    'POST /c3api/promotion/discountcoupon': () => applyReply(),
    'DELETE /c3api/promotion/discountcoupon': () =>
      envelope({
        ...UPDATED,
        UpdatedTotal: { Amount: 3000, Display: '$30.00' },
        DiscountAmount: { Amount: 0, Display: '$0.00' },
        DiscountCodes: [],
      }),
    'GET /c3api/checkout/view': () => envelope(checkoutView()),
    'GET /c3api/cart/query': () => envelope(null, 500),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.dataLayer;
});

/** The analytics events pushed so far (their names and ecommerce fields). */
function events() {
  return (window.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event) as Array<{
    event: string;
    ecommerce: Record<string, unknown>;
  }>;
}

function Harness({ view, screenWidth, note }: { view: CheckoutViewValue; screenWidth: number; note: PostageNote }) {
  const [total, setTotal] = useState<Money>(view.Cart.CartTotal);
  const discount = useDiscount('AU', view.Cart, setTotal);
  return (
    <>
      <OrderSummary cart={view.Cart} total={total} postageNote={note} discount={discount} screenWidth={screenWidth} />
      <DiscountModal state={discount.modal} onClose={discount.closeModal} />
    </>
  );
}

function renderSummary(view = checkoutView(), screenWidth = 1280, note: PostageNote = POSTAGE_NOTE_NONE_CHOSEN) {
  render(withQueryClient(<Harness view={view} screenWidth={screenWidth} note={note} />));
  return userEvent.setup();
}

const itemsToggle = () => screen.getByRole('button', { name: 'Items in your order' });

describe('OrderSummary', () => {
  it('counts items and stores in the right number, with the total and the postage note', () => {
    renderSummary(checkoutView([checkoutItem(1)]));
    expect(screen.getByText('1 item from 1 store')).toBeTruthy();
    expect(screen.getByText('$10.00', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('+ postage (if applicable)')).toBeTruthy();
    cleanup();
    renderSummary(checkoutView([checkoutItem(1), checkoutItem(2, 2), checkoutItem(3, 2)]), 1280, null);
    expect(screen.getByText('3 items from 2 stores')).toBeTruthy();
    expect(screen.queryByText('+ postage (if applicable)')).toBeNull();
  });

  it('lists the items by store with a picture or a placeholder, open with up to 4 items on a wide screen', () => {
    renderSummary(checkoutView([checkoutItem(1), checkoutItem(2), checkoutItem(3, 2), checkoutItem(4, 2)]));
    expect(itemsToggle().getAttribute('aria-expanded')).toBe('true');
    const store = screen.getByRole('region', { name: 'Store 2' });
    expect(store.textContent).toContain('Item 3');
    expect(store.textContent).toContain('$30.00');
    expect(document.querySelectorAll('img.checkout-items__image')).toHaveLength(2);
    expect(document.querySelectorAll('.checkout-items__image--none')).toHaveLength(2);
  });

  it('starts collapsed with 5 or more items, or under 768 px, and opens on demand', async () => {
    const five = [1, 2, 3, 4, 5].map((n) => checkoutItem(n));
    const user = renderSummary(checkoutView(five));
    expect(itemsToggle().getAttribute('aria-expanded')).toBe('false');
    await user.click(itemsToggle());
    expect(itemsToggle().getAttribute('aria-expanded')).toBe('true');
    cleanup();
    renderSummary(checkoutView([checkoutItem(1)]), 767);
    expect(itemsToggle().getAttribute('aria-expanded')).toBe('false');
    cleanup();
    renderSummary(checkoutView([checkoutItem(1)]), 768);
    expect(itemsToggle().getAttribute('aria-expanded')).toBe('true');
  });

  it('shows the discount applied as a negative amount, and no code box when discounts are off', () => {
    renderSummary(
      checkoutView([checkoutItem(3)], {
        Cart: {
          DiscountCodeApplied: true,
          DiscountAmount: { Amount: 300, Display: '$3.00' },
          DiscountCodes: ['SAVE10'],
          DiscountsEnabled: false,
        },
      }),
    );
    expect(screen.getByText('Discount Applied').nextElementSibling?.textContent).toBe('-$3.00');
    expect(screen.queryByRole('textbox', { name: 'Discount code' })).toBeNull();
  });
});

describe('the discount code box', () => {
  it('applies only a valid code: required, at most 10 characters', async () => {
    const user = renderSummary();
    const input = screen.getByRole('textbox', { name: 'Discount code' });
    const apply = screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    await user.click(input);
    await user.tab();
    expect(errorOf(input)).toBe(DISCOUNT_REQUIRED_MESSAGE);
    await user.type(input, 'ABCDEFGHIJK');
    expect(errorOf(input)).toBe(DISCOUNT_MAX_LENGTH_MESSAGE);
    expect(apply.disabled).toBe(true);
    await user.type(input, '{Backspace}');
    expect(errorOf(input)).toBeNull();
    expect(apply.disabled).toBe(false);
    await user.clear(input);
    await user.type(input, '   ');
    expect(errorOf(input)).toBe(DISCOUNT_REQUIRED_MESSAGE);
    expect(calls).toEqual([]);
  });

  it('adds a code: the success modal, the new total, then removes it: the removed modal', async () => {
    const user = renderSummary(checkoutView([checkoutItem(3)]));
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), ' save10 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discount applied' });
    expect(dialog.textContent).toContain('$3.00 discount successfully applied');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/c3api/promotion/discountcoupon',
      body: { code: 'save10' },
    });
    expect(screen.getByText('$27.00', { selector: 'strong' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
    expect((screen.getByRole('textbox', { name: 'Discount code' }) as HTMLInputElement).value).toBe('');
  });

  it('removes an applied code with the removed message', async () => {
    const user = renderSummary(
      checkoutView([checkoutItem(3)], {
        Cart: { DiscountCodeApplied: true, DiscountAmount: UPDATED.DiscountAmount, DiscountCodes: ['SAVE10'] },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove discount code SAVE10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discount removed' });
    expect(dialog.textContent).toContain(DISCOUNT_REMOVED_MESSAGE);
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/c3api/promotion/discountcoupon?couponCode=SAVE10' });
    expect(screen.getByText('$30.00', { selector: 'strong' })).toBeTruthy();
  });

  it('reports a code added and removed to analytics, with the code, its discount and the new total', async () => {
    const user = renderSummary(checkoutView([checkoutItem(3)]));
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'save10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByRole('dialog', { name: 'Discount applied' });
    expect(events().map((e) => e.event)).toEqual(['add_discount_code']);
    expect(events()[0]?.ecommerce).toEqual({
      currency: 'AUD',
      value: 27,
      coupon: 'SAVE10',
      discount: 3,
      items: [
        { item_id: 'SH3', item_name: 'Item 3', price: 30, item_category: 'Lamps', item_brand: 'Store 1', quantity: 1 },
      ],
    });
    cleanup();
    window.dataLayer = [];

    const again = renderSummary(
      checkoutView([checkoutItem(3)], {
        Cart: { DiscountCodeApplied: true, DiscountAmount: UPDATED.DiscountAmount, DiscountCodes: ['SAVE10'] },
      }),
    );
    await again.click(screen.getByRole('button', { name: 'Remove discount code SAVE10' }));
    await screen.findByRole('dialog', { name: 'Discount removed' });
    expect(events().map((e) => e.event)).toEqual(['remove_discount_code']);
    expect(events()[0]?.ecommerce).toMatchObject({ currency: 'AUD', value: 30, coupon: 'SAVE10', discount: 3 });
  });

  it('reports nothing when a code is refused', async () => {
    applyReply = () => envelope(null, 400, 'The discount code is invalid, please try again');
    const user = renderSummary();
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByRole('dialog');
    expect(events()).toEqual([]);
  });

  it('says the code is invalid on HTTP 400 and shows the server error otherwise', async () => {
    applyReply = () => envelope(null, 400, 'The discount code is invalid, please try again');
    const user = renderSummary();
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('dialog')).textContent).toContain(DISCOUNT_INVALID_MESSAGE);
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    applyReply = () => envelope(null, 500, 'boom');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain(DISCOUNT_SERVER_ERROR_MESSAGE));
  });
});
