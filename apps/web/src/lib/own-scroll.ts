/**
 * A history entry whose page puts the window where it belongs itself. The app's scroll memory
 * (app/scroll-memory.tsx) returns Back, Forward and a reload to the entry's last scroll position;
 * a page whose height depends on state it restores first (the checkout opens the step the shopper
 * was on) would be pulled to a position measured on another layout, often the footer. Such a page
 * marks its entries' state with this field, and the scroll memory leaves them alone.
 */
export const OWN_SCROLL_FIELD = 'placesOwnScroll';

/** Does this router location state (location.state) belong to a page that places its own scroll? */
export function placesOwnScroll(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[OWN_SCROLL_FIELD] === true;
}
