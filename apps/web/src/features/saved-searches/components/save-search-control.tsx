import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { Modal } from '../../../components/modal';
import { loginPath } from '../../../lib/return-path';
import { useSiteSettings } from '../../../lib/site-settings';
import { useInBrowser } from '../../../lib/ssr-state';
import { useViewer } from '../../../lib/viewer';
import type { SavedSearchFormTarget } from './saved-search-form';

// The dialog's form (and the schema library it checks with) is code for the few who save a search:
// it loads at the first press, not with every page (the JavaScript budget).
const SavedSearchDialog = lazy(() => import('./saved-search-dialog').then((m) => ({ default: m.SavedSearchDialog })));

/** The search a visitor asked to save before signing in (session storage: strictly necessary for that action). */
export const PENDING_SAVED_SEARCH_KEY = 'pending-saved-search';

function rememberPendingSearch(marker: string): void {
  try {
    window.sessionStorage.setItem(PENDING_SAVED_SEARCH_KEY, marker);
  } catch {
    // Storage unavailable: the shopper presses again after signing in.
  }
}

/** True (and forgotten) when `marker` is the one a visitor asked to save before signing in. */
function takePendingSearch(marker: string): boolean {
  try {
    if (window.sessionStorage.getItem(PENDING_SAVED_SEARCH_KEY) !== marker) return false;
    window.sessionStorage.removeItem(PENDING_SAVED_SEARCH_KEY);
    return true;
  } catch {
    return false;
  }
}

/** What the visitor's sign-in prompt says, per control. */
const PROMPTS = {
  star: { title: 'Save this search', text: 'To save this search, please login or register' },
  alert: { title: 'Alert me when one comes in', text: 'To get an alert when one comes in, please login or register' },
} as const;

/**
 * Saving a search (account.md 2.5, 2.9), whatever the control that asks (the search bar's star, or
 * "Alert me when one comes in"), only while SavedSearchesEnabled: a customer gets the saved-search
 * form for `searchUrl`; a visitor gets the sign-in prompt with a Login / Register link, and after
 * signing in lands back on this page with the form open. `children` draws the control from `open`.
 */
export function SaveSearchControl({
  searchUrl,
  kind,
  title,
  children,
}: {
  searchUrl: string;
  kind: keyof typeof PROMPTS;
  /** A name to start the form from. */
  title?: string;
  children: (open: () => void) => ReactNode;
}) {
  const { SavedSearchesEnabled } = useSiteSettings();
  const viewer = useViewer();
  const location = useLocation();
  const current = `${location.pathname}${location.search}`;
  // The star keeps its marker as it was (the page alone); another control's names it too.
  const marker = kind === 'star' ? current : `${kind}:${current}`;
  const inBrowser = useInBrowser();
  const [prompt, setPrompt] = useState(false);
  const [target, setTarget] = useState<SavedSearchFormTarget | null>(null);
  const customer = viewer.kind === 'customer';
  // Mounted from the first time it is wanted, and kept, so closing it can hand focus back.
  const [dialogWanted, setDialogWanted] = useState(false);
  if (target !== null && !dialogWanted) setDialogWanted(true);

  useEffect(() => {
    if (customer && takePendingSearch(marker)) setTarget({ mode: 'add', searchUrl, ...(title ? { title } : {}) });
  }, [customer, marker, searchUrl, title]);

  if (!SavedSearchesEnabled) return null;
  const open = () => {
    if (customer) {
      setTarget({ mode: 'add', searchUrl, ...(title ? { title } : {}) });
    } else {
      rememberPendingSearch(marker);
      setPrompt(true);
    }
  };
  const words = PROMPTS[kind];
  return (
    <>
      {children(open)}
      {/* The dialogs hold a form of their own: outside any form of the page, in the document's body
          (which a server render has not: they are drawn once in the browser, closed until asked). */}
      {inBrowser &&
        createPortal(
          <>
            <Modal open={prompt} title={words.title} onClose={() => setPrompt(false)} className="save-search-modal">
              <p>{words.text}</p>
              <p>
                <Link
                  className="button"
                  to={loginPath(current)}
                  onClick={() => {
                    rememberPendingSearch(marker);
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
