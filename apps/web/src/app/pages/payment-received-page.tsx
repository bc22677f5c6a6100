import { PAYMENT_RECEIVED_HEADING, PAYMENT_RECEIVED_MESSAGE } from '@shop/contract';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * /checkout/payment-received: where a payment's return lands when it does not come from the browser
 * that placed the order (a provider's return replayed elsewhere, Global Payments' own server). The
 * payment is finished all the same; this page shows no order data and asks for none, since whoever
 * sees it may not be the shopper: the shopper has the order e-mail and its link.
 */
export function PaymentReceivedPage() {
  useDocumentTitle(PAYMENT_RECEIVED_HEADING);
  return (
    <div className="page confirmation-page">
      <div className="confirmation">
        <h1>{PAYMENT_RECEIVED_HEADING}</h1>
        <p>{PAYMENT_RECEIVED_MESSAGE}.</p>
        <Link className="button button--yellow" to="/">
          Continue shopping
        </Link>
      </div>
    </div>
  );
}
