import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';

/**
 * A modal dialog on the native <dialog> element: focus moves into it, Escape and the close button
 * close it, and the page behind is inert. Fades in over 800 ms and out over 400 ms (spec section 9).
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  className = '',
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // In the same commit as the render that opens or closes it (a layout effect): code that hands focus
  // back after a close (a setTimeout) then always finds the dialog closed, whatever the renderer's
  // effect timing (Preact runs plain effects after the next frame).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`modal ${className}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="modal__body">{children}</div>
    </dialog>
  );
}
