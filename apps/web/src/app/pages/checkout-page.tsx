import type { CheckoutViewValue, Region } from '@shop/contract';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Notice } from '../../components/notice';
import { useCheckoutView } from '../../features/checkout/api/get-checkout-view';
import { useClearpayDecline } from '../../features/checkout/clearpay-return';
import { CheckoutStepList } from '../../features/checkout/components/checkout-step-list';
import { DiscountModal } from '../../features/checkout/components/discount-modal';
import { EmptyCheckout } from '../../features/checkout/components/empty-checkout';
import { OrderSummary } from '../../features/checkout/components/order-summary';
import { useCartValidation } from '../../features/checkout/use-cart-validation';
import { useCheckoutFlow, useRestoredCheckout } from '../../features/checkout/use-checkout-flow';
import { useCheckoutUrlError } from '../../features/checkout/use-checkout-url-error';
import { useCustomerDetails } from '../../features/checkout/use-customer-details';
import { useDiscount } from '../../features/checkout/use-discount';
import { useUnfinishedPayment } from '../../features/checkout/use-unfinished-payment';
import { useSiteSettings } from '../../lib/site-settings';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../features/checkout/checkout.css';

/**
 * The checkout's steps with their state: the page keeps the active step, the details, the delivery
 * choice, the total, the postage note and the banner, and hands the steps what they need.
 */
function Checkout({ view, region }: { view: CheckoutViewValue; region: Region }) {
  const navigate = useNavigate();
  const restored = useRestoredCheckout(view, region);
  const form = useCustomerDetails(region, view, restored.details);
  const flow = useCheckoutFlow(view, region, restored, form.values);
  const clearpayDecline = useClearpayDecline(flow.activeStep);
  useCheckoutUrlError(flow.setError, clearpayDecline.shown);
  const discount = useDiscount(region, view.Cart, flow.setTotal);
  const cartCheck = useCartValidation(region);
  const [screenWidth] = useState(() => window.innerWidth);
  const { validate } = cartCheck;
  const { goTo } = flow;
  const unfinished = useUnfinishedPayment(view, region, goTo);
  const validateOnDetails = useCallback(() => validate(() => navigate('/cart'), 'View cart'), [validate, navigate]);
  const validateInSteps = useCallback(() => validate(() => goTo(1), 'Back to your details'), [validate, goTo]);

  // Entering checkout validates the cart (its other choice returns to the cart). The funnel's
  // begin_checkout waits for step 1's Continue (useCheckoutFlow).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival.
  useEffect(() => {
    void validateOnDetails();
  }, []);

  return (
    <>
      {flow.error ? (
        <div className="notice notice--error checkout__error" role="alert">
          {flow.error}
        </div>
      ) : null}
      {unfinished.notice}
      <div className="checkout">
        <OrderSummary
          cart={view.Cart}
          total={flow.total}
          postageNote={flow.postageNote}
          discount={discount}
          screenWidth={screenWidth}
        />
        <CheckoutStepList
          view={view}
          region={region}
          flow={flow}
          form={form}
          validateOnDetails={validateOnDetails}
          validateInSteps={validateInSteps}
          resumed={unfinished.resumed}
          paymentNotice={clearpayDecline.notice}
        />
      </div>
      {cartCheck.dialog}
      <DiscountModal state={discount.modal} onClose={discount.closeModal} />
    </>
  );
}

/** /checkout/: Secure Checkout, one page of three numbered steps beside the order summary. */
export function CheckoutPage() {
  useDocumentTitle('Secure Checkout');
  const view = useCheckoutView();
  const { Region, loaded } = useSiteSettings();
  let content: ReactNode;
  if (!loaded || view.status === 'loading') {
    content = (
      <p className="checkout-loading" role="status">
        Loading your checkout...
      </p>
    );
  } else if (view.status === 'error') {
    content = (
      <div className="page-error">
        <Notice kind="error">{view.message}</Notice>
        <button type="button" className="button button--secondary" onClick={view.reload}>
          Try again
        </button>
      </div>
    );
  } else if (view.value.Cart.ItemCount === 0) {
    content = <EmptyCheckout />;
  } else {
    content = <Checkout view={view.value} region={Region} />;
  }
  return (
    <div className="page checkout-page">
      <h1>Secure Checkout</h1>
      {content}
    </div>
  );
}
