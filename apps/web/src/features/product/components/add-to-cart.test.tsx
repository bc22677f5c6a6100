// @vitest-environment jsdom
import type { Cart, ProductDetail } from '@shop/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartContext, type CartContextValue, EMPTY_CART } from '../../../lib/cart';
import { installDialogPolyfill } from '../../../test/dialog.js';
import { ADD_TO_CART_ERROR, AddToCartButton } from './add-to-cart';

const product = {
  Id: 42,
  Code: 'SH0000042',
  Title: 'Brass lamp',
  Category: 'Lamps',
  SpMinorUnits: 5000,
  StateHash: 'hash1',
  IsAvailable: true,
  ItemUnavailableAsStoreDisabledPickup: false,
} as unknown as ProductDetail;

const added: Cart = {
  ...EMPTY_CART,
  itemCount: 1,
  stores: [{ id: 1, name: 'Parramatta', totalMinorUnits: 5500, total: '$55.00', items: [] }],
};

/** A cart holding another item, and the same cart once the lamp is added. */
const otherItem = { ProductId: 7, id: 'SH0000007' } as unknown as Cart['stores'][number]['items'][number];
const withOther: Cart = {
  ...EMPTY_CART,
  itemCount: 1,
  stores: [{ id: 1, name: 'Parramatta', totalMinorUnits: 1000, total: '$10.00', items: [otherItem] }],
};
const withLamp: Cart = {
  ...EMPTY_CART,
  itemCount: 1,
  stores: [
    {
      id: 1,
      name: 'Parramatta',
      totalMinorUnits: 5000,
      total: '$50.00',
      items: [{ ...otherItem, ProductId: 42, id: 'SH0000042' }],
    },
  ],
};

let calls: string[];
let check: () => Response;
let add: () => Response;

function reply(value: unknown, status = 200): Response {
  return new Response(JSON.stringify({ WasSuccessful: status === 200, Value: value, Message: null }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

beforeAll(() => {
  installDialogPolyfill();
});

beforeEach(() => {
  calls = [];
  check = () => reply({ changeTypes: 0, newPrice: 5000 });
  add = () => reply(added);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return url.includes('stateHash=') ? check() : add();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderButton() {
  const setCart = vi.fn();
  const value: CartContextValue = {
    cart: EMPTY_CART,
    isLoading: false,
    modalOpen: false,
    openModal: vi.fn(),
    closeModal: vi.fn(),
    setCart,
    refresh: vi.fn(),
    remove: vi.fn(),
  };
  render(
    <CartContext.Provider value={value}>
      <AddToCartButton product={product} />
    </CartContext.Provider>,
  );
  return { setCart };
}

/** The button with a cart that really changes, as the app's cart provider does. */
function StatefulCart({ initial }: { initial: Cart }) {
  const [cart, setCart] = useState(initial);
  const value: CartContextValue = {
    cart,
    isLoading: false,
    modalOpen: false,
    openModal: vi.fn(),
    closeModal: vi.fn(),
    setCart,
    refresh: vi.fn(),
    remove: vi.fn(),
  };
  return (
    <CartContext.Provider value={value}>
      <AddToCartButton product={product} />
    </CartContext.Provider>
  );
}

describe('AddToCartButton', () => {
  it('hands focus to the View Cart link that replaced the button when the added dialog closes', async () => {
    add = () => reply(withLamp);
    render(<StatefulCart initial={EMPTY_CART} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await screen.findByRole('dialog', { name: 'Added to your cart' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue shopping' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'View Cart' })));
  });

  it('shows the old and new prices, offers Cancel with an empty cart, and gives focus back to the button', async () => {
    check = () => reply({ changeTypes: 2, newPrice: 5500 });
    render(<StatefulCart initial={EMPTY_CART} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'This item has changed' });
    expect(dialog.textContent).toContain('Brass lamp: was $50.00, now $55.00');
    expect(screen.queryByRole('button', { name: 'View cart' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add to cart' })));
    expect(calls).toHaveLength(1);
  });

  it('offers View cart in the changes dialog when the cart holds something', async () => {
    check = () => reply({ changeTypes: 4, newPrice: 4500 });
    render(<StatefulCart initial={withOther} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await screen.findByRole('dialog', { name: 'This item has changed' });
    expect(screen.getByRole('button', { name: 'View cart' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('checks for changes with the state hash and price, then adds and shows the add-to-cart modal', async () => {
    const { setCart } = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await screen.findByRole('dialog', { name: 'Added to your cart' });
    expect(calls[0]).toBe('/c3api/cart/add?productId=42&stateHash=hash1&price=5000');
    expect(calls[1]).toBe('/c3api/cart/add?productId=42');
    expect(setCart).toHaveBeenCalledWith(added);
  });

  it('shows the changes dialog first when the price went up; Confirm adds', async () => {
    check = () => reply({ changeTypes: 2, newPrice: 5500 });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'This item has changed' });
    expect(dialog.querySelector('.notice')?.className).toBe('notice notice--warning');
    expect(screen.getByText('Brass lamp: price has increased.')).toBeTruthy();
    expect(calls).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('dialog', { name: 'Added to your cart' });
    expect(calls).toHaveLength(2);
  });

  it('does not let a sold item be confirmed', async () => {
    check = () => reply({ changeTypes: 8, newPrice: 5000 });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await screen.findByRole('dialog', { name: 'This item has changed' });
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', true);
  });

  it('shows the generic notice when adding fails', async () => {
    add = () => reply(null, 500);
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(screen.getByText(ADD_TO_CART_ERROR)).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveProperty('disabled', false);
  });
});
