import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';

interface FieldFrame {
  label: string;
  /** The field's messages (already joined with '. '), shown under it and tied to it for screen readers. */
  error?: string | undefined;
  hint?: ReactNode;
}

/** The ids a field's input points at (its hint, its error) and whether it is invalid. */
function useFieldIds(error: string | undefined, hint: ReactNode) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : '';
  const errorId = error ? `${id}-error` : '';
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function FieldNotes({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint: ReactNode;
  hintId: string;
  error?: string | undefined;
  errorId: string;
}) {
  return (
    <>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled text input with its hint and error: the markup every form of the shop repeats. */
export function TextField({
  label,
  error,
  hint,
  inputRef,
  ...input
}: FieldFrame & InputHTMLAttributes<HTMLInputElement> & { inputRef?: Ref<HTMLInputElement> }) {
  const ids = useFieldIds(error, hint);
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={ids.id}>{label}</label>
      <input
        ref={inputRef}
        id={ids.id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
      <FieldNotes hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

/** A labelled <select> with its error. */
export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  const ids = useFieldIds(error, hint);
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={ids.id}>{label}</label>
      <select id={ids.id} {...select} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy}>
        {children}
      </select>
      <FieldNotes hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}
