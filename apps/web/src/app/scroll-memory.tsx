import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { placesOwnScroll } from '../lib/own-scroll';

/** How long Back waits for a page's content to grow tall enough to scroll to where it was. */
export const RESTORE_WAIT_MS = 5000;

/** Where each history entry was scrolled to, by the router's entry key (for this visit). */
const positions = new Map<string, number>();
/**
 * The same kept in the history entry itself, as the browser keeps its own scroll positions: a
 * product page is a full page load, and Back then starts the app afresh on this entry. Written a
 * moment after scrolling stops (browsers limit how often history may be rewritten) and as the page
 * is left.
 */
const STATE_FIELD = 'scrollY';
const SAVE_AFTER_MS = 150;

function keepInHistory(y: number): void {
  try {
    window.history.replaceState({ ...window.history.state, [STATE_FIELD]: y }, '');
  } catch {
    // Rewriting history was refused (too often): the position stays in memory for this visit.
  }
}

function keptInHistory(): number | undefined {
  const value = (window.history.state as Record<string, unknown> | null)?.[STATE_FIELD];
  return typeof value === 'number' ? value : undefined;
}

/**
 * Scrolls to `y` as soon as the page is tall enough: a page's results arrive after it mounts, so
 * the position is tried at each frame until it fits, the wait runs out (then as far as it goes),
 * or the shopper scrolls or presses a key first. Returns a function that stops trying.
 */
function restoreTo(y: number): () => void {
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    window.cancelAnimationFrame(frame);
    for (const type of STOPPERS) window.removeEventListener(type, stop);
  };
  const step = () => {
    const max = document.documentElement.scrollHeight - window.innerHeight;
    if (max >= y || performance.now() - started > RESTORE_WAIT_MS) {
      window.scrollTo(0, Math.min(y, Math.max(0, max)));
      stop();
      return;
    }
    frame = window.requestAnimationFrame(step);
  };
  for (const type of STOPPERS) window.addEventListener(type, stop, { passive: true });
  step();
  return stop;
}
const STOPPERS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scroll positions across navigation: a new page starts at the top (unless the link points at an
 * anchor on it), and Back or Forward returns to where that page was left, once its content is in
 * (coming back from a product page to the results the shopper was reading).
 */
export function ScrollMemory() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const current = useRef(location.key);
  const lastPath = useRef(location.pathname);
  const stopRestoring = useRef<(() => void) | null>(null);
  const saveTimer = useRef(0);

  useEffect(() => {
    // The browser's own restoring would jump before the page's content has arrived.
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const record = () => {
      positions.set(current.current, window.scrollY);
      window.clearTimeout(saveTimer.current);
      saveTimer.current = window.setTimeout(() => keepInHistory(window.scrollY), SAVE_AFTER_MS);
    };
    const leave = () => keepInHistory(window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', leave);
    return () => {
      window.clearTimeout(saveTimer.current);
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', leave);
      stopRestoring.current?.();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per history entry, on purpose
  useLayoutEffect(() => {
    // A write still pending belongs to the entry just left, not to this one.
    window.clearTimeout(saveTimer.current);
    current.current = location.key;
    const pathChanged = lastPath.current !== location.pathname;
    lastPath.current = location.pathname;
    if (navigationType === 'REPLACE') {
      // The same page rewrote its address (load more, a remembered filter): it stays where it is,
      // and a Back to this entry comes here.
      positions.set(location.key, window.scrollY);
      keepInHistory(window.scrollY);
      return;
    }
    stopRestoring.current?.();
    stopRestoring.current = null;
    // An entry whose page places the window itself (lib/own-scroll.ts): nothing to restore here.
    if (navigationType === 'POP' && placesOwnScroll(location.state)) return;
    // Back, Forward, or the app starting on an entry it has seen before (Back from a full page load).
    const saved = navigationType === 'POP' ? (positions.get(location.key) ?? keptInHistory()) : undefined;
    if (saved !== undefined) {
      stopRestoring.current = restoreTo(saved);
    } else if (pathChanged && !location.hash) {
      window.scrollTo(0, 0);
      positions.set(location.key, 0);
    }
  }, [location.key]);
  return null;
}
