import type { CheckoutStepNumber, StepStatus } from '../checkout-types';

const STATUS_TEXT: Record<StepStatus, string> = {
  pending: 'not started',
  active: 'current step',
  complete: 'complete',
};

/**
 * A step's header (checkout.md section 2): pending, active or complete. Only a complete step's
 * header is a button, which returns to that step.
 */
export function StepHeader({
  step,
  title,
  status,
  onOpen,
}: {
  step: CheckoutStepNumber;
  title: string;
  status: StepStatus;
  onOpen: (step: CheckoutStepNumber) => void;
}) {
  const content = (
    <>
      <span className="checkout-step__number" aria-hidden="true">
        {status === 'complete' ? '✓' : step}
      </span>
      <span className="checkout-step__title">
        <span className="visually-hidden">Step {step}: </span>
        {title}
        <span className="visually-hidden">, {STATUS_TEXT[status]}</span>
      </span>
      {status === 'complete' ? (
        <span className="checkout-step__change" aria-hidden="true">
          Change
        </span>
      ) : null}
    </>
  );
  return (
    <h2 className={`checkout-step__header checkout-step__header--${status}`} tabIndex={-1}>
      {status === 'complete' ? (
        <button type="button" className="checkout-step__button" onClick={() => onOpen(step)}>
          {content}
        </button>
      ) : (
        <span className="checkout-step__label" aria-current={status === 'active' ? 'step' : undefined}>
          {content}
        </span>
      )}
    </h2>
  );
}
