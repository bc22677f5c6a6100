import { VERIFICATION_CODE_LENGTH, verificationCodeInput } from '@shop/contract';
import { type Ref, useId } from 'react';
import './verification-code-field.css';

/**
 * The verification code box shown after an e-mail verification error (account.md 2.5, storefront.md
 * 5): digits only, at most six; the message for the error's kind; a Resend link.
 */
export function VerificationCodeField({
  value,
  onChange,
  email,
  message,
  error,
  resendNote,
  resending,
  onResend,
  inputRef,
}: {
  value: string;
  onChange: (code: string) => void;
  email: string;
  /** The verification error's message ('' for kind 3). */
  message: string;
  /** The field's own message (nothing typed). */
  error?: string | undefined;
  /** What the last resend answered. */
  resendNote: string;
  resending: boolean;
  onResend: () => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const described = [`${id}-hint`, message ? `${id}-message` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field verification-code ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={id}>Verification code</label>
      <p className="field__hint" id={`${id}-hint`}>
        We have e-mailed a {VERIFICATION_CODE_LENGTH}-digit code to {email.trim()}. Enter it here to confirm the
        address.
      </p>
      {message ? (
        <p className="verification-code__message" id={`${id}-message`} role="alert">
          {message}
        </p>
      ) : null}
      <input
        ref={inputRef}
        id={id}
        className="verification-code__input"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={VERIFICATION_CODE_LENGTH}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(event) => onChange(verificationCodeInput(event.target.value))}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <p className="verification-code__resend">
        <button type="button" className="link-button" onClick={onResend} disabled={resending}>
          Resend code
        </button>
        <span role="status">{resendNote}</span>
      </p>
    </div>
  );
}
