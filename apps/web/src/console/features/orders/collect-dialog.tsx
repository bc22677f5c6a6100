import type { ConsoleCollectBody, ConsoleOrder } from '@shop/contract';
import { useState } from 'react';
import { Modal } from '../../../components/modal';

/**
 * Mark collected, after a confirmation: staff tick that they checked the shopper's photo ID
 * against the order's name and, for an order paid in store, that they took the amount. The button
 * stays disabled until every box is ticked; the server asks for the same (a 400 without them).
 */
export function CollectDialog({
  order,
  open,
  busy,
  onConfirm,
  onClose,
}: {
  order: ConsoleOrder;
  open: boolean;
  busy: boolean;
  onConfirm: (body: ConsoleCollectBody) => void;
  onClose: () => void;
}) {
  const payInStore = !order.Payment.PaidOnline;
  const [idChecked, setIdChecked] = useState(false);
  const [paymentTaken, setPaymentTaken] = useState(false);
  const ready = idChecked && (!payInStore || paymentTaken);
  const close = () => {
    setIdChecked(false);
    setPaymentTaken(false);
    onClose();
  };
  return (
    <Modal open={open} title="Mark collected?" onClose={close} className="console-collect-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onConfirm(payInStore ? { IdChecked: true, PaymentTaken: true } : { IdChecked: true });
        }}
      >
        <p>
          Order <strong>{order.Reference}</strong> for <strong>{order.Customer.Name}</strong>
          {payInStore ? (
            <>
              , to pay <strong>{order.Totals.Total}</strong> in store.
            </>
          ) : (
            ', paid online.'
          )}
        </p>
        <label className="console-check">
          <input type="checkbox" checked={idChecked} required onChange={(e) => setIdChecked(e.target.checked)} /> I have
          checked the customer's photo ID matches the order name
        </label>
        {payInStore ? (
          <label className="console-check">
            <input
              type="checkbox"
              checked={paymentTaken}
              required
              onChange={(e) => setPaymentTaken(e.target.checked)}
            />{' '}
            I have taken the payment of {order.Totals.Total}
          </label>
        ) : null}
        <p>This cannot be undone.</p>
        <div className="console-dialog__buttons">
          <button type="submit" className="button" disabled={busy || !ready}>
            {busy ? 'Marking collected...' : 'Mark collected'}
          </button>
          <button type="button" className="button button--secondary" onClick={close}>
            Not yet
          </button>
        </div>
      </form>
    </Modal>
  );
}
