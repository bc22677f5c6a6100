/**
 * React Router's browser history numbers the entries of the visit (`idx` in history.state) and, on
 * a page's first load, writes index 0 with history.replaceState while the router is created: inside
 * the hydration's main pass, where that one call was about 20 ms at a phone's speed (the total
 * blocking time budget). Written here in an earlier, short task, the router finds it and writes nothing.
 * The entry gets exactly what the router would write (the same state plus idx 0); its test fails
 * if the router's format changes.
 */
export function primeHistoryIndex(): void {
  const state = window.history.state as Record<string, unknown> | null;
  if (state?.idx == null) window.history.replaceState({ ...state, idx: 0 }, '');
}
