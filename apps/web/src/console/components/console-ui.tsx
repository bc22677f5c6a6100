import { ORDER_TIME_ZONE, orderTimeZoneLabel, type Region } from '@shop/contract';
import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { Modal } from '../../components/modal';
import { Notice } from '../../components/notice';

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

/**
 * An ISO instant in the region's long style and the shop's zone for it (as orders show theirs):
 * '1 January 2026', with the time after it unless it is midnight ('1 January 2026, 3:30 pm AEST');
 * '' for none.
 */
export function dateTime(iso: string | null, region: Region): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = region === 'AU' ? 'en-AU' : 'en-GB';
  const timeZone = ORDER_TIME_ZONE[region];
  const day = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'long' }).format(date);
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit', hour12: true })
    .format(date)
    .replace(/\s/g, ' ')
    .toLowerCase();
  return time === '12:00 am' ? day : `${day}, ${time} ${orderTimeZoneLabel(iso, region)}`;
}
