import { CartContents } from '../../features/cart/components/cart-modal';

/** /cart: the cart on a page of its own. */
export function CartPage() {
  return (
    <div className="page cart-page">
      <h1>Your cart</h1>
      <CartContents />
    </div>
  );
}

/** /checkout: not built yet. */
export function CheckoutPage() {
  return (
    <div className="page checkout-page">
      <h1>Checkout</h1>
      <p>Online checkout is coming soon. To buy now, call or visit the store.</p>
    </div>
  );
}
