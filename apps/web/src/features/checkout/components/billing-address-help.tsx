import { useState } from 'react';
import { Modal } from '../../../components/modal';

/** "Why do I need to supply a billing address?" and its answer (checkout.md section 2). */
export function BillingAddressHelp() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-button checkout-help-link" onClick={() => setOpen(true)}>
        Why do I need to supply a billing address?
      </button>
      <Modal open={open} title="Billing Address" onClose={() => setOpen(false)}>
        <p>
          Legislation tied to the Second-Hand Dealer's Licence in some states requires us to record the purchaser's
          address for every sale. We use it for that record only.
        </p>
        <div className="checkout-modal__actions">
          <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
            Ok
          </button>
        </div>
      </Modal>
    </>
  );
}
