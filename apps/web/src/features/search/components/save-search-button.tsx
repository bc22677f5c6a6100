import { useState } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '../../../components/icon';
import { Modal } from '../../../components/modal';
import { loginPath } from '../../../lib/return-path';

export const PENDING_SAVED_SEARCH_KEY = 'pending-saved-search';

/** Remembers the search for after login (strictly necessary for the action the shopper asked for). */
function rememberPendingSearch(search: string): void {
  try {
    window.sessionStorage.setItem(PENDING_SAVED_SEARCH_KEY, search);
  } catch {
    // Storage unavailable: the shopper saves the search again after logging in.
  }
}

/** The star: visitors are asked to log in or register, and come back to the current search afterwards. */
export function SaveSearchButton() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const current = `${location.pathname}${location.search}`;
  return (
    <>
      <button
        type="button"
        className="search-bar__star"
        aria-label="Save this search"
        title="Save this search"
        onClick={() => {
          rememberPendingSearch(current);
          setOpen(true);
        }}
      >
        <Icon name="star" size={20} />
      </button>
      <Modal open={open} title="Save this search" onClose={() => setOpen(false)} className="save-search-modal">
        <p>To save this search, please login or register</p>
        <p>
          <a className="button" href={loginPath(current)} onClick={() => rememberPendingSearch(current)}>
            Login / Register
          </a>
        </p>
      </Modal>
    </>
  );
}
