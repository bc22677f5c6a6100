import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { Modal } from '../../../components/modal';
import { Notice } from '../../../components/notice';

/** The form's messages that belong to no field shown (and the "please correct" line), above its buttons. */
export function FormProblems({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Notice kind="error">
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <ul>
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </Notice>
  );
}

/** A labelled textarea with its hint and error, like TextField. */
export function TextAreaField({
  label,
  error,
  hint,
  ...area
}: { label: string; error?: string | undefined; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} {...area} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled checkbox with its error. */
export function CheckboxField({
  label,
  checked,
  onChange,
  error,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className={`field admin-check ${error ? 'field--invalid' : ''}`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Asks before something that cannot be undone (removing a banner, turning a code off). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      {children}
      {error ? <Notice kind="error">{error}</Notice> : null}
      <div className="admin-actions">
        <button type="button" className="button" onClick={onConfirm} disabled={busy}>
          {busy ? 'Working...' : confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}

/** The date and time of an ISO string, as the admin's browser shows them; '' for none. */
export function dateTime(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '';
}
