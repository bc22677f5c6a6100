import { useSyncExternalStore } from 'react';

/**
 * Whether a phone's refine sheet is open, kept outside the page's state: only the sheet and the
 * Filter button read it, so the tap that opens the sheet redraws those two and not the whole
 * search page (Preact draws in the tap's own task, before the browser may paint the sheet).
 */
export interface RefineSheet {
  isOpen(): boolean;
  set(open: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function createRefineSheet(): RefineSheet {
  let open = false;
  const listeners = new Set<() => void>();
  return {
    isOpen: () => open,
    set(next) {
      if (next === open) return;
      open = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The sheet's open state, redrawing the caller when it changes; closed on the server. */
export function useRefineSheetOpen(sheet: RefineSheet): boolean {
  return useSyncExternalStore(sheet.subscribe, sheet.isOpen, () => false);
}
