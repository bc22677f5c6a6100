import { CartContents } from '../../features/cart/components/cart-modal';

/** /cart: the cart on a page of its own. */
export function CartPage() {
  return (
    <div className="page cart-page">
      <h1>Your cart</h1>
      <CartContents onPage />
    </div>
  );
}
