import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../../components/icon';
import { Modal } from '../../../components/modal';
import { loginPath } from '../../../lib/return-path';
import { useSiteSettings } from '../../../lib/site-settings';
import { useInBrowser } from '../../../lib/ssr-state';
import { useViewer } from '../../../lib/viewer';
import type { SavedSearchFormTarget } from './saved-search-form';

// The dialog's form (and the schema library it checks with) is code for the few who save a search:
// it loads at the first press of the star, not with every page (the JavaScript budget).
const SavedSearchDialog = lazy(() => import('./saved-search-dialog').then((m) => ({ default: m.SavedSearchDialog })));

/** The search a visitor asked to save before signing in (session storage: strictly necessary for that action). */
export const PENDING_SAVED_SEARCH_KEY = 'pending-saved-search';

function rememberPendingSearch(search: string): void {
  try {
    window.sessionStorage.setItem(PENDING_SAVED_SEARCH_KEY, search);
  } catch {
    // Storage unavailable: the shopper presses the star again after signing in.
  }
}

/** True (and forgotten) when `search` is the one a visitor asked to save before signing in. */
function takePendingSearch(search: string): boolean {
  try {
    if (window.sessionStorage.getItem(PENDING_SAVED_SEARCH_KEY) !== search) return false;
    window.sessionStorage.removeItem(PENDING_SAVED_SEARCH_KEY);
    return true;
  } catch {
    return false;
  }
}

/**
 * The search bar's star (account.md 2.5, 2.9), rendered by the bar only on routes that allow
 * saving, and only while SavedSearchesEnabled: a customer gets the saved-search form for the
 * current search; a visitor gets 'Save this search' with a Login / Register link, and after signing
 * in lands back on the same search with the form open.
 */
export function SaveSearchStar() {
  const { SavedSearchesEnabled } = useSiteSettings();
  const viewer = useViewer();
  const location = useLocation();
  const current = `${location.pathname}${location.search}`;
  const inBrowser = useInBrowser();
  const [prompt, setPrompt] = useState(false);
  const [target, setTarget] = useState<SavedSearchFormTarget | null>(null);
  const customer = viewer.kind === 'customer';
  // Mounted from the first time it is wanted, and kept, so closing it can hand focus back.
  const [dialogWanted, setDialogWanted] = useState(false);
  if (target !== null && !dialogWanted) setDialogWanted(true);
  // The search itself: the list or grid layout is how it is shown, not part of it.
  const searchUrl = `/search-results${location.search}`;

  useEffect(() => {
    if (customer && takePendingSearch(current)) setTarget({ mode: 'add', searchUrl });
  }, [customer, current, searchUrl]);

  if (!SavedSearchesEnabled) return null;
  return (
    <>
      <button
        type="button"
        className="search-bar__star"
        aria-label="Save this search"
        title="Save this search"
        aria-haspopup="dialog"
        onClick={() => {
          if (customer) {
            setTarget({ mode: 'add', searchUrl });
          } else {
            rememberPendingSearch(current);
            setPrompt(true);
          }
        }}
      >
        <Icon name="star" size={20} />
      </button>
      {/* The dialogs hold a form of their own: outside the search bar's form, in the document's body
          (which a server render has not: they are drawn once in the browser, closed until asked). */}
      {inBrowser &&
        createPortal(
          <>
            <Modal
              open={prompt}
              title="Save this search"
              onClose={() => setPrompt(false)}
              className="save-search-modal"
            >
              <p>To save this search, please login or register</p>
              <p>
                <Link
                  className="button"
                  to={loginPath(current)}
                  onClick={() => {
                    rememberPendingSearch(current);
                    setPrompt(false);
                  }}
                >
                  Login / Register
                </Link>
              </p>
            </Modal>
            {customer && dialogWanted ? (
              <Suspense fallback={null}>
                <SavedSearchDialog target={target} accountEmail={viewer.email} onClose={() => setTarget(null)} />
              </Suspense>
            ) : null}
          </>,
          document.body,
        )}
    </>
  );
}
