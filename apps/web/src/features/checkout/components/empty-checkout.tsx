import { EMPTY_CART_MESSAGE } from '@shop/contract';
import { Link } from 'react-router';

/** Nothing to pay for: say so kindly and point back to the shop. */
export function EmptyCheckout() {
  return (
    <div className="checkout-empty">
      <p className="checkout-empty__message">{EMPTY_CART_MESSAGE}</p>
      <p>Find something you love among thousands of second-hand treasures, then come back here to pay.</p>
      <Link className="button button--yellow" to="/shop">
        Start shopping
      </Link>
    </div>
  );
}
