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
  return (
    <div className="add-to-cart-wrap">
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
                },
              ]
            : []
        }
        onClose={() => setChanges(null)}
        onConfirm={() => {
          setChanges(null);
          void add();
        }}
        onView={() => {
          setChanges(null);
          openCartSoon();
        }}
      />
      <Modal open={added} title="Added to your cart" onClose={() => setAdded(false)} className="add-to-cart-modal">
        {added ? <p>{product.Title} is now in your cart.</p> : null}
        <div className="cart__actions">
          <button
            type="button"
            className="button button--yellow"
            onClick={() => {
              setAdded(false);
              openCartSoon();
            }}
          >
            View cart
          </button>
          <button type="button" className="button button--secondary" onClick={() => setAdded(false)}>
            Continue shopping
          </button>
        </div>
      </Modal>
    </div>
  );
}
