import { useState } from 'react';
import { useLocation } from 'react-router';
import { Modal } from '../../../components/modal';

export const PENDING_SAVED_SEARCH_KEY = 'pending-saved-search';

/** Remembers the search for after login (strictly necessary for the action the shopper asked for). */
function rememberPendingSearch(search: string): void {
  try {
    window.sessionStorage.setItem(PENDING_SAVED_SEARCH_KEY, search);
  } catch {
    // Storage unavailable: the shopper saves the search again after logging in.
  }
}

/** The star: visitors are asked to log in or register, with the current search remembered. */
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
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M12 3.2l2.6 5.5 6 .7-4.4 4.1 1.2 5.9L12 16.5l-5.4 2.9 1.2-5.9-4.4-4.1 6-.7z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <Modal open={open} title="Save this search" onClose={() => setOpen(false)} className="save-search-modal">
        <p>To save this search, please login or register</p>
        <p>
          <a className="button" href="/login" onClick={() => rememberPendingSearch(current)}>
            Login / Register
          </a>
        </p>
      </Modal>
    </>
  );
}
