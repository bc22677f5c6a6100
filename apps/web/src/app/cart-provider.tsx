import type { Cart } from '@shop/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { CartModal } from '../features/cart/components/cart-modal';
import { trackEcommerce } from '../lib/analytics';
import { CartContext, type CartContextValue, cartItems, EMPTY_CART, fetchCart, removeFromCart } from '../lib/cart';
import { useSiteSettings } from '../lib/site-settings';

interface CartState {
  cart: Cart;
  isLoading: boolean;
  modalOpen: boolean;
}

type CartAction =
  | { type: 'loading' }
  | { type: 'loaded'; cart: Cart }
  | { type: 'failed' }
  | { type: 'modal'; open: boolean };

function reducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'loading':
      return { ...state, isLoading: true };
    case 'loaded':
      return { ...state, cart: action.cart, isLoading: false };
    case 'failed':
      return { ...state, isLoading: false };
    case 'modal':
      return { ...state, modalOpen: action.open };
  }
}

const CHANNEL = 'cart';
const CHANGED = 'cart-changed';

/** The cart shared across the app, fed by GET /c3api/cart/query; other open pages follow via a broadcast. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reducer, { cart: EMPTY_CART, isLoading: true, modalOpen: false });
  const { Region } = useSiteSettings();
  const channel = useRef<BroadcastChannel | null>(null);

  const refresh = useCallback(async () => {
    dispatch({ type: 'loading' });
    try {
      dispatch({ type: 'loaded', cart: await fetchCart(true) });
    } catch {
      dispatch({ type: 'failed' });
    }
  }, []);

  useEffect(() => {
    void refresh();
    if (typeof BroadcastChannel === 'undefined') return;
    const bc = new BroadcastChannel(CHANNEL);
    bc.onmessage = (event) => {
      if (event.data === CHANGED) void refresh();
    };
    channel.current = bc;
    return () => {
      bc.close();
      channel.current = null;
    };
  }, [refresh]);

  const setCart = useCallback((cart: Cart) => {
    dispatch({ type: 'loaded', cart });
    channel.current?.postMessage(CHANGED);
    window.dispatchEvent(new Event(CHANGED));
  }, []);

  const cart = state.cart;
  const remove = useCallback(
    async (productId: number) => {
      const item = cartItems(cart).find((entry) => entry.ProductId === productId);
      const next = await removeFromCart(productId);
      setCart(next);
      if (item) {
        void trackEcommerce('remove_from_cart', Region, {
          item_id: item.id,
          item_name: item.DisplayName,
          price: item.PriceMinorUnits / 100,
          item_brand: item.Brand,
          item_category: item.Category,
        });
      }
    },
    [cart, setCart, Region],
  );

  const value = useMemo<CartContextValue>(
    () => ({
      cart,
      isLoading: state.isLoading,
      modalOpen: state.modalOpen,
      openModal: () => dispatch({ type: 'modal', open: true }),
      closeModal: () => dispatch({ type: 'modal', open: false }),
      setCart,
      refresh,
      remove,
    }),
    [cart, state.isLoading, state.modalOpen, setCart, refresh, remove],
  );

  return (
    <CartContext.Provider value={value}>
      {children}
      <CartModal />
    </CartContext.Provider>
  );
}
