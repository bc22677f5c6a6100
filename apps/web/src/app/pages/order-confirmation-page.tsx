import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Notice } from '../../components/notice';
import { useOrderConfirmation } from '../../features/checkout/api/get-order-confirmation';
import { ConfirmationView } from '../../features/checkout/components/confirmation-view';
import { forgetStepMemory } from '../../features/checkout/step-memory';
import { useSiteSettings } from '../../lib/site-settings';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * /checkout/confirmation/:reference?key=... (what the process call answers and the order e-mail
 * links to; ?reference= works too). Needs no checkout state: a guest opening the e-mail's link on
 * another device sees the same page. An unknown reference or a wrong key is a 404 from the server.
 */
export function OrderConfirmationPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const reference = params.reference ?? search.get('reference') ?? '';
  const key = search.get('key');
  const { Region: region, loaded } = useSiteSettings();
  const order = useOrderConfirmation(reference, key);
  // The order is placed: the checkout's remembered steps and details have done their job, and
  // should not stay in the tab for whoever uses it next.
  useEffect(() => {
    if (order.status === 'done') forgetStepMemory();
  }, [order.status]);
  const missing = reference === '' || (order.status === 'error' && order.httpStatus === 404);
  useDocumentTitle(missing ? 'Order not found' : 'Order confirmed');

  if (missing) {
    return (
      <div className="page confirmation-page">
        <div className="confirmation confirmation--missing">
          <h1>We could not find that order</h1>
          <p>
            The link may be incomplete or out of date. Please use the link in your order confirmation e-mail, or sign in
            to see your orders.
          </p>
          <Link className="button button--yellow" to="/">
            Continue shopping
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="page confirmation-page">
      {/* The region's wording (the ID to bring, dates) waits for the site's settings. */}
      {order.status === 'loading' || !loaded ? (
        <p role="status">Loading your order...</p>
      ) : order.status === 'error' ? (
        <Notice kind="error">
          Sorry, your order could not be loaded.{' '}
          <button type="button" className="button button--small button--secondary" onClick={order.reload}>
            Try again
          </button>
        </Notice>
      ) : (
        <ConfirmationView order={order.value} region={region} />
      )}
    </div>
  );
}
