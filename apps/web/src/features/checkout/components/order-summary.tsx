import type { CheckoutViewValue, Money } from '@shop/contract';
import { countOf } from '../../../lib/item-list-rules';
import type { PostageNote } from '../checkout-types';
import type { DiscountState } from '../use-discount';
import { DiscountBox } from './discount-box';
import { SummaryItems } from './summary-items';

/** "-$6.00": the discount as taken off. */
function negative(amount: Money): string {
  return amount.Amount > 0 ? `-${amount.Display}` : amount.Display;
}

/**
 * The order summary panel (checkout.md section 2): item and store counts, the discount, the total
 * as it stands, the postage note, the discount code box (when DiscountsEnabled) and the item list.
 */
export function OrderSummary({
  cart,
  total,
  postageNote,
  discount,
  screenWidth,
}: {
  cart: CheckoutViewValue['Cart'];
  total: Money;
  postageNote: PostageNote;
  discount: DiscountState;
  screenWidth: number;
}) {
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        Order summary
      </h2>
      <p className="checkout-summary__counts">
        {countOf(cart.ItemCount, 'item')} from {countOf(cart.StoreCount, 'store')}
      </p>
      {cart.DiscountCodeApplied ? (
        <p className="checkout-summary__line checkout-summary__discount">
          <span>Discount Applied</span>
          <span>{negative(cart.DiscountAmount)}</span>
        </p>
      ) : null}
      <p className="checkout-summary__line checkout-summary__total">
        <span>Total</span>
        <strong>{total.Display}</strong>
      </p>
      {postageNote ? <p className="checkout-summary__postage">{postageNote}</p> : null}
      {cart.DiscountsEnabled ? <DiscountBox codes={cart.DiscountCodes} discount={discount} /> : null}
      <SummaryItems items={cart.CartItems} screenWidth={screenWidth} />
    </aside>
  );
}
