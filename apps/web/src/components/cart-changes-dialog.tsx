import { changeMessages, changeNoticeKind, confirmDisabled } from '../lib/cart-changes';
import { Modal } from './modal';
import { Notice } from './notice';

export interface ItemChange {
  name: string;
  changeTypes: number;
  /** The price now, formatted. */
  newPrice?: string;
}

/**
 * The cart-change notification dialog (spec section 4): one message per flag, success style only
 * when every change is a price decrease, Confirm disabled when any change type is 8-12.
 */
export function CartChangesDialog({
  open,
  changes,
  onConfirm,
  onView,
  onClose,
  viewLabel = 'View cart',
}: {
  open: boolean;
  changes: ItemChange[];
  onConfirm: () => void;
  onView: () => void;
  onClose: () => void;
  /** The other choice's text (checkout's steps return to step 1). */
  viewLabel?: string;
}) {
  const types = changes.map((change) => change.changeTypes);
  const kind = changeNoticeKind(types);
  return (
    <Modal open={open} title="This item has changed" onClose={onClose} className="cart-changes">
      <Notice kind={kind}>
        <ul className="cart-changes__list">
          {changes.flatMap((change) =>
            changeMessages(change.changeTypes, change.name).map((message) => <li key={message}>{message}</li>),
          )}
        </ul>
        {changes.map((change) =>
          change.newPrice ? (
            <p key={change.name}>
              New price: <strong>{change.newPrice}</strong>
            </p>
          ) : null,
        )}
      </Notice>
      <div className="cart-changes__actions">
        <button type="button" className="button button--yellow" disabled={confirmDisabled(types)} onClick={onConfirm}>
          Confirm
        </button>
        <button type="button" className="button button--secondary" onClick={onView}>
          {viewLabel}
        </button>
      </div>
    </Modal>
  );
}
