import { type ConsoleOrder, formatMoney, type Region } from '@shop/contract';
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { expectedRefundMinor, liveItemCount } from './order-labels';

type Line = ConsoleOrder['Lines'][number];

/**
 * Cancel one item, after a confirmation: what the shopper gets back (paid online) and whether the
 * item goes back on sale. The refund goes through the payment provider; the page says afterwards
 * what it came to, or that it failed.
 */
export function CancelItemDialog({
  order,
  line,
  region,
  busy,
  onConfirm,
  onClose,
}: {
  order: ConsoleOrder;
  line: Line | null;
  region: Region;
  busy: boolean;
  onConfirm: (code: string, restock: boolean) => void;
  onClose: () => void;
}) {
  const [restock, setRestock] = useState(true);
  const refund = line ? expectedRefundMinor(order, line.Code) : 0;
  const last = liveItemCount(order) === 1;
  return (
    <Modal open={line !== null} title="Cancel this item?" onClose={onClose} className="console-cancel-dialog">
      {line ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm(line.Code, restock);
          }}
        >
          <p>
            <strong>{line.Title}</strong> ({line.Code}), {line.Price}
          </p>
          {order.Payment.PaidOnline ? (
            <p>
              The shopper is refunded <strong>{formatMoney(refund, region)}</strong> through the payment provider
              {last && order.Totals.PostageMinor > 0 ? ', with the postage, as it is the last item' : ''}.
            </p>
          ) : (
            <p>Nothing to refund: this order is paid in store.</p>
          )}
          {last ? <p>It is the last item: the store's part of the order is cancelled with it.</p> : null}
          <p>The shopper is e-mailed. This cannot be undone.</p>
          <label className="console-check">
            <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} /> Put the
            item back on sale
          </label>
          <div className="console-dialog__buttons">
            <button type="submit" className="button console-button--danger" disabled={busy}>
              {busy ? 'Cancelling...' : 'Cancel the item'}
            </button>
            <button type="button" className="button button--secondary" onClick={onClose}>
              Keep it
            </button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
