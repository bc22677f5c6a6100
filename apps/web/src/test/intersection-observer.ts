import { vi } from 'vitest';

/**
 * Replaces IntersectionObserver with one the test drives: `report(true)` tells every observer
 * made so far that its element came near the screen. `disconnect` records the observers' disconnects.
 * Undo with `vi.unstubAllGlobals()`.
 */
export function stubIntersectionObserver() {
  const callbacks: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
  const disconnect = vi.fn();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect = disconnect;
    },
  );
  return {
    report(isIntersecting: boolean) {
      for (const callback of callbacks) callback([{ isIntersecting }]);
    },
    disconnect,
  };
}
