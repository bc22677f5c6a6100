import type { Cart, CartChangeCheck, CartItem } from '@shop/contract';
import { createContext, useContext } from 'react';
import { apiGet, apiPost } from './api-client';

/** The cart calls (spec section 7). A guest's cart is an HttpOnly cookie the server sets. */
export function fetchCart(validate = false, signal?: AbortSignal): Promise<Cart> {
  return apiGet<Cart>(`/c3api/cart/query${validate ? '?validate=true' : ''}`, signal);
}

export function addToCart(productId: number): Promise<Cart> {
  return apiPost<Cart>(`/c3api/cart/add?productId=${productId}`);
}

/** The change check: what changed since the shopper saw the item; adds nothing. */
export function checkCartChanges(productId: number, stateHash: string, price: number): Promise<CartChangeCheck> {
  const query = new URLSearchParams({ productId: String(productId), stateHash, price: String(price) });
  return apiPost<CartChangeCheck>(`/c3api/cart/add?${query}`);
}

export function removeFromCart(productId: number): Promise<Cart> {
  return apiPost<Cart>(`/c3api/cart/remove?productId=${productId}`);
}

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
