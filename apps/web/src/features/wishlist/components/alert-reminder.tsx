import { Link } from 'react-router';
import { Modal } from '../../../components/modal';

/**
 * The guest's 'Wishlist alerts' prompt after a heart: a login link, and 'Maybe later', which (like
 * Escape and the close button) hands focus back to the heart that was pressed.
 */
export function AlertReminder({ origin, onClose }: { origin: HTMLElement | null | undefined; onClose: () => void }) {
  const close = () => {
    onClose();
    // After the dialog has closed (and the heart is no longer busy).
    window.setTimeout(() => {
      if (origin?.isConnected) origin.focus();
    }, 0);
  };
  return (
    <Modal open={origin !== undefined} title="Wishlist alerts" onClose={close} className="wishlist-prompt">
      <p>Get an e-mail when items on your wishlist change. Log in or register to turn on wishlist alerts.</p>
      <div className="cart__actions">
        <Link className="button button--yellow" to="/login" onClick={onClose}>
          Log in
        </Link>
        <button type="button" className="button button--secondary" onClick={close}>
          Maybe later
        </button>
      </div>
    </Modal>
  );
}
