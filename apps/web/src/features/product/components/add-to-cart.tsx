import { formatMoney, type ProductDetail } from '@shop/contract';
import { CartChangesDialog } from '../../../components/cart-changes-dialog';
import { Modal } from '../../../components/modal';
import { Notice } from '../../../components/notice';
import { cartHasProduct } from '../../../lib/cart';
import { useAddToCart } from './use-add-to-cart';

export { CART_REOPEN_DELAY_MS } from './use-add-to-cart';
export const ADD_TO_CART_ERROR = 'Sorry, an error has occurred, please try again soon.';

/** 'Added to your cart', with View cart and Continue shopping. */
function AddedModal({
  added,
  title,
  onClose,
  onViewCart,
}: {
  added: boolean;
  title: string;
  onClose: () => void;
  onViewCart: () => void;
}) {
  return (
    <Modal open={added} title="Added to your cart" onClose={onClose} className="add-to-cart-modal">
      {added ? <p>{title} is now in your cart.</p> : null}
      <div className="cart__actions">
        <button type="button" className="button button--yellow" onClick={onViewCart}>
          View cart
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Continue shopping
        </button>
      </div>
    </Modal>
  );
}

/**
 * Add to cart on the product page (spec section 4): loading button, change check, the changes
 * dialog when anything changed, add, the add-to-cart modal; then 'already in your cart'.
 */
export function AddToCartButton({ product }: { product: ProductDetail }) {
  const {
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
  } = useAddToCart(product);
  // Sold, or the store takes no online orders at the moment: nothing to add.
  if (!product.IsAvailable || product.ItemUnavailableAsStoreDisabledPickup) return null;

  const inCart = cartHasProduct(cart, product.Id);
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
      <AddedModal
        added={added}
        title={product.Title}
        onClose={closeAdded}
        onViewCart={() => {
          closeAdded();
          openCartSoon();
        }}
      />
    </div>
  );
}
