import { Link } from 'react-router';
import { Modal } from '../../../components/modal';

export const WISHLIST_CONSENT_TITLE = 'Your wishlist needs cookies';

/**
 * Shown instead of saving when a visitor presses a heart without allowing functional cookies: a
 * guest's wishlist lives on this device, so without them the heart would look saved and then
 * vanish on reload. 'Allow cookies and save' records consent and saves; 'Not now' (like Escape and
 * the close button) saves nothing and hands focus back to the heart.
 */
export function WishlistConsentPrompt({
  open,
  origin,
  onAllow,
  onClose,
}: {
  open: boolean;
  origin: HTMLElement | null;
  onAllow: () => void;
  onClose: () => void;
}) {
  const close = () => {
    onClose();
    window.setTimeout(() => {
      if (origin?.isConnected) origin.focus();
    }, 0);
  };
  return (
    <Modal open={open} title={WISHLIST_CONSENT_TITLE} onClose={close} className="wishlist-prompt">
      <p>
        A guest's wishlist is kept on this device with a functional cookie, and these cookies are turned off. Allow them
        to save this item, or <Link to="/login">log in</Link> to keep your wishlist with your account.
      </p>
      <div className="cart__actions">
        <button
          type="button"
          className="button button--yellow"
          onClick={() => {
            onAllow();
            close();
          }}
        >
          Allow cookies and save
        </button>
        <button type="button" className="button button--secondary" onClick={close}>
          Not now
        </button>
      </div>
    </Modal>
  );
}
