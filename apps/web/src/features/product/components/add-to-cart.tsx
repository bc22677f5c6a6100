import { formatMoney, type ProductDetail } from '@shop/contract';
import { useEffect, useRef, useState } from 'react';
import { CartChangesDialog } from '../../../components/cart-changes-dialog';
import { Modal } from '../../../components/modal';
import { Notice } from '../../../components/notice';
import { trackEcommerce } from '../../../lib/analytics';
import { cartHasProduct, useCart } from '../../../lib/cart';
import { addToCart } from '../../../lib/cart-api/add-to-cart';
import { checkCartChanges } from '../../../lib/cart-api/check-cart-changes';
import { useSiteSettings } from '../../../lib/site-settings';

/** The cart modal opens this long after another modal closes (its fade-out, spec section 9). */
export const CART_REOPEN_DELAY_MS = 400;
export const ADD_TO_CART_ERROR = 'Sorry, an error has occurred, please try again soon.';

/**
 * Add to cart on the product page (spec section 4): loading button, change check, the changes
 * dialog when anything changed, add, the add-to-cart modal; then 'already in your cart'.
 */
export function AddToCartButton({ product }: { product: ProductDetail }) {
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

  // Sold, or the store takes no online orders at the moment: nothing to add.
  if (!product.IsAvailable || product.ItemUnavailableAsStoreDisabledPickup) return null;

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

  const inCart = cartHasProduct(cart, product.Id);
  const closeAdded = () => {
    setAdded(false);
    returnFocus();
  };
  return (
    <div className="add-to-cart-wrap" ref={wrap}>
      {inCart ? (
        <p className="add-to-cart__in-cart">
          This item is already in your cart.{' '}
          <a
            href="/cart"
            onClick={(event) => {
              event.preventDefault();
              openModal();
            }}
          >
            View Cart
          </a>
        </p>
      ) : (
        <button
          type="button"
          className="button button--yellow add-to-cart"
          disabled={loading}
          aria-busy={loading}
          onClick={() => void start()}
        >
          {loading ? 'Adding…' : 'Add to cart'}
        </button>
      )}
      {error ? <Notice kind="error">{ADD_TO_CART_ERROR}</Notice> : null}
      <CartChangesDialog
        open={changes !== null}
        changes={
          changes
            ? [
                {
                  name: product.Title,
                  changeTypes: changes.changeTypes,
                  newPrice: formatMoney(changes.newPrice, Region),
                  oldPrice: formatMoney(product.SpMinorUnits, Region),
                },
              ]
            : []
        }
        onClose={() => {
          setChanges(null);
          returnFocus();
        }}
        onConfirm={() => {
          setChanges(null);
          void add();
        }}
        // An empty cart has nothing to view: the other choice is then Cancel.
        onView={
          cart.itemCount > 0
            ? () => {
                setChanges(null);
                returnFocus();
                openCartSoon();
              }
            : undefined
        }
      />
      <Modal open={added} title="Added to your cart" onClose={closeAdded} className="add-to-cart-modal">
        {added ? <p>{product.Title} is now in your cart.</p> : null}
        <div className="cart__actions">
          <button
            type="button"
            className="button button--yellow"
            onClick={() => {
              closeAdded();
              openCartSoon();
            }}
          >
            View cart
          </button>
          <button type="button" className="button button--secondary" onClick={closeAdded}>
            Continue shopping
          </button>
        </div>
      </Modal>
    </div>
  );
}
