import { type RefObject, useEffect, useRef } from 'react';

interface DismissOptions {
  /** Listen only while open. */
  open: boolean;
  /** The popup and its toggle: a press inside keeps it open. */
  root: RefObject<HTMLElement | null>;
  onDismiss: () => void;
  /** Where focus goes back on Escape, when focus was inside (the toggle button). */
  returnFocus?: RefObject<HTMLElement | null>;
  /** Escape anywhere on the page ('document', default) or only while focus is inside ('root'). */
  escapeScope?: 'document' | 'root';
  /** Also dismiss when focus moves out of the root (keyboard users tabbing away). */
  onFocusOut?: boolean;
}

/**
 * Closes a popup (menu, share panel, dropdown) on a press outside it and on Escape, the way every
 * popup of the shop behaves. Modals use the native <dialog>, which does this itself.
 */
export function useDismiss({
  open,
  root,
  onDismiss,
  returnFocus,
  escapeScope = 'document',
  onFocusOut = false,
}: DismissOptions) {
  // The latest callback without re-subscribing on every render.
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    const element = root.current;
    if (!open || !element) return;
    const outside = (target: EventTarget | null) => target instanceof Node && !element.contains(target);
    const onPointer = (event: PointerEvent) => {
      if (outside(event.target)) dismiss.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const focusInside = element.contains(document.activeElement);
      if (escapeScope === 'root') event.stopPropagation();
      dismiss.current();
      if (focusInside) returnFocus?.current?.focus();
    };
    const onFocus = (event: FocusEvent) => {
      if (event.relatedTarget && outside(event.relatedTarget)) dismiss.current();
    };
    const keyTarget: Document | HTMLElement = escapeScope === 'root' ? element : document;
    document.addEventListener('pointerdown', onPointer);
    keyTarget.addEventListener('keydown', onKey as EventListener);
    if (onFocusOut) element.addEventListener('focusout', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      keyTarget.removeEventListener('keydown', onKey as EventListener);
      if (onFocusOut) element.removeEventListener('focusout', onFocus);
    };
  }, [open, root, returnFocus, escapeScope, onFocusOut]);
}
