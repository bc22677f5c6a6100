import { DiscountModalType } from '@shop/contract';
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/modal';
import type { DiscountModalState } from '../use-discount';

/** The discount modal fades in over 800 ms (the modal's own) and out over 400 ms (checkout.md section 9). */
export const DISCOUNT_FADE_OUT_MS = 400;

const TITLES: Record<DiscountModalType, string> = {
  [DiscountModalType.SuccessfulAdd]: 'Discount applied',
  [DiscountModalType.SuccessfulRemove]: 'Discount removed',
  [DiscountModalType.InvalidCouponCode]: 'Discount code',
  [DiscountModalType.ServerError]: 'Discount code',
};

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Shows the modal of `state`; when it becomes null the last one fades out, then closes. */
export function DiscountModal({ state, onClose }: { state: DiscountModalState | null; onClose: () => void }) {
  const [shown, setShown] = useState(state);
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    if (state) {
      setShown(state);
      setClosing(false);
      return;
    }
    if (reducedMotion()) {
      setShown(null);
      return;
    }
    setClosing(true);
    const timer = window.setTimeout(() => {
      setShown(null);
      setClosing(false);
    }, DISCOUNT_FADE_OUT_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  return (
    <Modal
      open={shown !== null}
      title={shown ? TITLES[shown.type] : 'Discount code'}
      onClose={onClose}
      className={`discount-modal ${closing ? 'modal--closing' : ''}`}
    >
      <p className="discount-modal__message" role="status">
        {shown?.message}
      </p>
      <div className="checkout-modal__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          Ok
        </button>
      </div>
    </Modal>
  );
}
