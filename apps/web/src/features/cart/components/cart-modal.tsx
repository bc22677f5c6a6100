import type { Cart } from '@shop/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Accordion } from '../../../components/accordion';
import { Modal } from '../../../components/modal';
import { Notice } from '../../../components/notice';
import { cartItems, useCart } from '../../../lib/cart';
import { itemListStartsCollapsed, POSTAGE_NOTE } from '../cart-summary-rules';
import '../cart.css';
import { Icon } from '../../../components/icon';
import { CartItemRow } from './cart-item-row';
import { StoreDistance } from './store-distance';

/** The summary panel: total, postage note and the item list (collapsed at 5+ items or below 768). */
export function CartSummary({ cart, screenWidth }: { cart: Cart; screenWidth: number }) {
  const items = cartItems(cart);
  const count = items.length;
  return (
    <section className="cart-summary" aria-label="Cart summary">
      <p className="cart-summary__counts">
        {count} {count === 1 ? 'item' : 'items'} from {cart.stores.length}{' '}
        {cart.stores.length === 1 ? 'store' : 'stores'}
      </p>
      <p className="cart-summary__total">
        Total <strong>{cart.totalPrice}</strong>
      </p>
      <p className="cart-summary__postage">{POSTAGE_NOTE}</p>
      <Accordion title="Items" defaultOpen={!itemListStartsCollapsed(count, screenWidth)}>
        <ul className="cart-summary__items">
          {items.map((item) => (
            <li key={item.ProductId}>
              {item.DisplayName} <span>{item.Price}</span>
            </li>
          ))}
        </ul>
      </Accordion>
    </section>
  );
}

/**
 * The cart's stores, summary and actions: in the modal (`onNavigate` closes it as a link is
 * followed) and on the /cart page (`onPage`), where a 'View cart' link would lead to the page
 * itself and an empty cart offers a way back to the shop.
 */
export function CartContents({ onNavigate, onPage = false }: { onNavigate?: () => void; onPage?: boolean }) {
  const { cart, remove } = useCart();
  const [error, setError] = useState(false);
  if (cart.itemCount === 0 || cart.stores.length === 0) {
    if (!onPage) return <p className="cart-empty">Your cart is empty.</p>;
    return (
      <>
        <p className="cart-empty">Your cart is empty.</p>
        <p>
          <Link className="button button--yellow" to="/shop">
            Start shopping
          </Link>
        </p>
      </>
    );
  }
  const unavailable = cartItems(cart).some((item) => !item.IsAvailable);
  return (
    <div className="cart">
      {error ? <Notice kind="error">Sorry, an error has occurred, please try again soon.</Notice> : null}
      {unavailable ? (
        <Notice kind="warning">
          Item(s) no longer available. Please remove item(s) from cart in order to proceed.
        </Notice>
      ) : null}
      {cart.stores.map((store) => (
        <section key={store.id} className="cart-store" aria-label={store.name}>
          <h3 className="cart-store__name">
            {store.name}
            <StoreDistance storeId={store.id} />
          </h3>
          <ul className="cart-store__items">
            {store.items.map((item) => (
              <CartItemRow
                key={item.ProductId}
                item={item}
                change={(cart.ProductChanges ?? []).find((change) => change.id === item.ProductId)}
                onRemove={async (entry) => {
                  setError(false);
                  try {
                    await remove(entry.ProductId);
                  } catch {
                    setError(true);
                  }
                }}
              />
            ))}
          </ul>
          <p className="cart-store__total">Store total {store.total}</p>
        </section>
      ))}
      <CartSummary cart={cart} screenWidth={window.innerWidth} />
      <div className="cart__actions">
        {onPage ? null : (
          <Link className="button button--secondary" to="/cart" onClick={onNavigate}>
            View cart
          </Link>
        )}
        <Link className="button button--yellow" to="/checkout" onClick={onNavigate}>
          Checkout
        </Link>
      </div>
    </div>
  );
}

/** The cart modal, opened from the header's cart icon and after adding. */
export function CartModal() {
  const { modalOpen, closeModal } = useCart();
  return (
    <Modal open={modalOpen} title="Your cart" onClose={closeModal} className="cart-modal">
      {modalOpen ? <CartContents onNavigate={closeModal} /> : null}
    </Modal>
  );
}

/** The header's cart icon with the item count; opens the cart modal. */
export function CartButton() {
  const { cart, openModal } = useCart();
  const count = cart.itemCount;
  return (
    <button
      type="button"
      className="cart-button"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      onClick={openModal}
    >
      <Icon name="cart" size={24} />
      <span className="cart-button__count">{count}</span>
    </button>
  );
}
