import type { Cart } from '@shop/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CartModal } from '../features/cart/components/cart-modal';
import { trackEcommerce } from '../lib/analytics';
import { CartContext, type CartContextValue, cartItems, EMPTY_CART } from '../lib/cart';
import { cartKey, cartQueryOptions } from '../lib/cart-api/get-cart';
import { removeFromCart } from '../lib/cart-api/remove-from-cart';
import { useSiteSettings } from '../lib/site-settings';

const CHANNEL = 'cart';
const CHANGED = 'cart-changed';

/**
 * The cart shared across the app: GET /c3api/cart/query held in the query cache (cartKey), so
 * every reader sees one copy and resetting the viewer's data forgets it. Other open pages follow
 * through a broadcast.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const query = useQuery(cartQueryOptions());
  const [modalOpen, setModalOpen] = useState(false);
  const { Region } = useSiteSettings();
  const channel = useRef<BroadcastChannel | null>(null);

  const refresh = useCallback(async () => {
    await client.invalidateQueries({ queryKey: cartKey });
  }, [client]);

  useEffect(() => {
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

  const setCart = useCallback(
    (cart: Cart) => {
      client.setQueryData(cartKey, cart);
      channel.current?.postMessage(CHANGED);
      window.dispatchEvent(new Event(CHANGED));
    },
    [client],
  );

  const cart = query.data ?? EMPTY_CART;
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
      isLoading: query.isFetching,
      modalOpen,
      openModal: () => setModalOpen(true),
      closeModal: () => setModalOpen(false),
      setCart,
      refresh,
      remove,
    }),
    [cart, query.isFetching, modalOpen, setCart, refresh, remove],
  );

  return (
    <CartContext.Provider value={value}>
      {children}
      <CartModal />
    </CartContext.Provider>
  );
}
