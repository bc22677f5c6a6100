import type { ProductDetail } from '@shop/contract';
import { useEffect, useRef, useState } from 'react';
import { trackEcommerce } from '../../../lib/analytics';
import { useCart } from '../../../lib/cart';
import { addToCart } from '../../../lib/cart-api/add-to-cart';
import { checkCartChanges } from '../../../lib/cart-api/check-cart-changes';
import { useSiteSettings } from '../../../lib/site-settings';

/** The cart modal opens this long after another modal closes (its fade-out, spec section 9). */
export const CART_REOPEN_DELAY_MS = 400;

/**
 * Add to cart's steps (spec section 4): the change check, the changes dialog when anything
 * changed, the add and its analytics event, the add-to-cart modal; and where focus returns after
 * a dialog closes.
 */
export function useAddToCart(product: ProductDetail) {
  const { cart, setCart, openModal } = useCart();
  const { Region } = useSiteSettings();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);
  const [changes, setChanges] = useState<{ changeTypes: number; newPrice: number } | null>(null);
  const [added, setAdded] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // After a dialog closes, focus goes back to the control that now stands here: the Add to cart
  // button, or the View Cart link that replaced it (the dialog alone would return it to a button
  // that is gone, leaving keyboard users at the top of the page).
  const wrap = useRef<HTMLDivElement>(null);
  const [returns, setReturns] = useState(0);
  useEffect(() => {
    if (returns === 0) return;
    wrap.current?.querySelector<HTMLElement>('.add-to-cart__in-cart a, .add-to-cart')?.focus();
  }, [returns]);
  const returnFocus = () => setReturns((n) => n + 1);

  const openCartSoon = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(openModal, CART_REOPEN_DELAY_MS);
  };

  const add = async () => {
    setLoading(true);
    setError(false);
    try {
      const next = await addToCart(product.Id);
      setCart(next);
      setAdded(true);
      void trackEcommerce('add_to_cart', Region, {
        item_id: product.Code,
        item_name: product.Title,
        price: product.SpMinorUnits / 100,
        item_category: product.Category,
      });
    } catch {
      setError(true);
    } finally {
      setLoading(false);
    }
  };

  const start = async () => {
    setLoading(true);
    setError(false);
    try {
      const check = await checkCartChanges(product.Id, product.StateHash, product.SpMinorUnits);
      if (check.changeTypes !== 0) {
        setChanges(check);
        setLoading(false);
        return;
      }
    } catch {
      setError(true);
      setLoading(false);
      return;
    }
    await add();
  };

  const closeAdded = () => {
    setAdded(false);
    returnFocus();
  };

  return {
    cart,
    openModal,
    Region,
    loading,
    error,
    changes,
    setChanges,
    added,
    wrap,
    returnFocus,
    openCartSoon,
    add,
    start,
    closeAdded,
  };
}
