import type { CheckoutViewValue, Region } from '@shop/contract';
import type { ReactNode } from 'react';
import type { CheckoutStepNumber } from '../checkout-types';
import type { CheckoutFlow } from '../use-checkout-flow';
import type { CustomerDetailsState } from '../use-customer-details';
import { DeliveryStep } from './delivery-step';
import { DetailsAgreements } from './details-agreements';
import { DetailsStep } from './details-step';
import { DetailsSummary } from './details-summary';
import { PaymentStep } from './payment-step';
import { StepHeader } from './step-header';

const TITLES: Record<CheckoutStepNumber, string> = { 1: 'Your details', 2: 'Delivery options', 3: 'Payment options' };

/**
 * The three numbered steps (checkout.md section 2). Step 2 stays mounted (hidden) once reached so
 * its choices survive a trip back to step 1; step 3 mounts only while active (leaving it resets it).
 * Consent goes with the payment as the form has it now: step 3 shows the box again when it opens
 * without the terms (a reload or a provider's return keeps neither).
 */
export function CheckoutStepList({
  view,
  region,
  flow,
  form,
  validateOnDetails,
  validateInSteps,
  resumed = null,
  paymentNotice = null,
}: {
  view: CheckoutViewValue;
  region: Region;
  flow: CheckoutFlow;
  form: CustomerDetailsState;
  validateOnDetails: () => Promise<boolean>;
  validateInSteps: () => Promise<boolean>;
  /** Step 3 for a payment left open (use-unfinished-payment.tsx), shown instead of the payment step. */
  resumed?: ReactNode;
  /** Said at the top of step 3, above the options (a provider's decline). */
  paymentNotice?: string | null;
}) {
  const { activeStep, completed, delivery } = flow;
  const deliveryName = view.ShippingInformation.Options.find((o) => o.SystemName === delivery?.DeliveryOption)?.Name;
  const step = (n: CheckoutStepNumber) => ({
    ref: flow.stepRef(n),
    className: `checkout-step checkout-step--${flow.status(n)}`,
  });
  return (
    <ol className="checkout-steps">
      <li {...step(1)}>
        <StepHeader step={1} title={TITLES[1]} status={flow.status(1)} onOpen={flow.goTo} />
        {activeStep === 1 ? (
          <DetailsStep
            region={region}
            form={form}
            isGuest={view.CustomerDetails.IsGuestUser}
            validateCart={validateOnDetails}
            onComplete={flow.completeDetails}
          />
        ) : completed ? (
          <DetailsSummary completed={completed} />
        ) : null}
      </li>
      <li {...step(2)}>
        <StepHeader step={2} title={TITLES[2]} status={flow.status(2)} onOpen={flow.goTo} />
        {completed && flow.reached >= 2 ? (
          <div className="checkout-step__body" hidden={activeStep !== 2}>
            <DeliveryStep
              region={region}
              view={view}
              billingAddress={completed.billingAddress}
              onTotalChange={flow.setTotal}
              onPostageNoteChange={flow.setPostageNote}
              onError={flow.setError}
              validateCart={validateInSteps}
              onContinue={flow.completeDelivery}
              initial={flow.initialDelivery}
              onChoiceChange={flow.setCurrentDelivery}
            />
          </div>
        ) : null}
        {activeStep === 3 && deliveryName ? <p className="checkout-step__summary">{deliveryName}</p> : null}
      </li>
      <li {...step(3)}>
        <StepHeader step={3} title={TITLES[3]} status={flow.status(3)} onOpen={flow.goTo} />
        {activeStep === 3 && resumed ? <div className="checkout-step__body">{resumed}</div> : null}
        {activeStep === 3 && !resumed && completed && delivery ? (
          <div className="checkout-step__body">
            {paymentNotice ? (
              <div className="notice notice--error checkout-step__notice" role="alert">
                {paymentNotice}
              </div>
            ) : null}
            <PaymentStep
              region={region}
              view={view}
              total={flow.total}
              details={{ ...completed.details, Consent: region === 'UK' && form.values.Consent }}
              billingAddress={completed.billingAddress}
              delivery={delivery}
              onError={flow.setError}
              onPlacementFailed={flow.placementFailed}
              attempt={flow.attempt}
              validateCart={validateInSteps}
              initialOption={flow.payment}
              onOptionChange={flow.setPayment}
              terms={{
                agreed: form.values.TermsAndConditions,
                box: <DetailsAgreements region={region} form={form} termsRef={null} />,
              }}
            />
          </div>
        ) : null}
      </li>
    </ol>
  );
}
