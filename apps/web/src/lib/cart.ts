import type { Cart, CartItem } from '@shop/contract';
import { createContext, useContext } from 'react';

/*
 * The cart shared by every feature. Its calls live one file each in lib/cart-api (the cart is
 * cross-feature state, so they sit below the features that use them); the app's CartProvider
 * keeps the cart in the query cache under cartKey.
 */

export const EMPTY_CART: Cart = { stores: [], totalPrice: '', totalMinorUnits: 0, itemCount: 0, ProductChanges: [] };

export function cartItems(cart: Cart): CartItem[] {
  return cart.stores.flatMap((store) => store.items);
}

export function cartHasProduct(cart: Cart, productId: number): boolean {
  return cart.stores.some((store) => store.items.some((item) => item.ProductId === productId));
}

export function cartHasCode(cart: Cart, code: string): boolean {
  return cart.stores.some((store) => store.items.some((item) => item.id === code));
}

/** What the app's cart provider offers every feature. */
export interface CartContextValue {
  cart: Cart;
  isLoading: boolean;
  modalOpen: boolean;
  openModal: () => void;
  closeModal: () => void;
  /** Takes a cart the server answered with, and tells every open page. */
  setCart: (cart: Cart) => void;
  refresh: () => Promise<void>;
  remove: (productId: number) => Promise<void>;
}

export const CartContext = createContext<CartContextValue>({
  cart: EMPTY_CART,
  isLoading: false,
  modalOpen: false,
  openModal: () => {},
  closeModal: () => {},
  setCart: () => {},
  refresh: async () => {},
  remove: async () => {},
});

export function useCart(): CartContextValue {
  return useContext(CartContext);
}
