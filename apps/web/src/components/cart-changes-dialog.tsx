import { changeMessages, changeNoticeKind, confirmDisabled } from '../lib/cart-changes';
import { Modal } from './modal';
import { Notice } from './notice';
import './cart-changes-dialog.css';

export interface ItemChange {
  name: string;
  changeTypes: number;
  /** The price now, formatted. */
  newPrice?: string;
  /** The price the shopper saw or added it at, formatted. */
  oldPrice?: string;
}

/** The price line: what it was and what it is now, or only the new price when the old is unknown. */
function PriceLine({ change }: { change: ItemChange }) {
  if (!change.newPrice) return null;
  if (!change.oldPrice || change.oldPrice === change.newPrice) {
    return (
      <p className="cart-changes__price">
        New price: <strong>{change.newPrice}</strong>
      </p>
    );
  }
  return (
    <p className="cart-changes__price">
      {change.name}: was <s>{change.oldPrice}</s>, now <strong>{change.newPrice}</strong>
    </p>
  );
}

/**
 * The cart-change notification dialog (spec section 4): one message per flag, success style only
 * when every change is a price decrease, Confirm disabled whenever an item's Availability flag is
 * set (confirmDisabled says why that is more than the spec's 8-12), or, where the caller can take
 * those items out (onRemove), Remove instead. Without
 * onView (an empty cart has nothing to view) the other choice is Cancel, which closes it.
 */
export function CartChangesDialog({
  open,
  changes,
  onConfirm,
  onView,
  onClose,
  onRemove,
  viewLabel = 'View cart',
}: {
  open: boolean;
  changes: ItemChange[];
  onConfirm: () => void;
  onView?: () => void;
  onClose: () => void;
  /**
   * Takes the items that can no longer be bought out of the cart and goes on. Given, it stands in
   * for Confirm while Confirm could not be pressed (an item sold): a button that does something
   * rather than one that cannot.
   */
  onRemove?: () => void;
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
        {changes.map((change) => (
          <PriceLine key={change.name} change={change} />
        ))}
      </Notice>
      <div className="cart-changes__actions">
        {onRemove && confirmDisabled(types) ? (
          <button type="button" className="button button--yellow" onClick={onRemove}>
            Remove
          </button>
        ) : (
          <button type="button" className="button button--yellow" disabled={confirmDisabled(types)} onClick={onConfirm}>
            Confirm
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onView ?? onClose}>
          {onView ? viewLabel : 'Cancel'}
        </button>
      </div>
    </Modal>
  );
}
