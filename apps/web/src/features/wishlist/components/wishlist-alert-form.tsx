import { AlertEmailFormSchema, GENERIC_ERROR_NOTICE, type WishlistAlertToggleValue } from '@shop/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Notice } from '../../../components/notice';
import { VerificationCodeField } from '../../../components/verification-code-field';
import { verifiedSaveOutcome } from '../../../lib/email-verification';
import { useContractForm } from '../../../lib/use-contract-form';
import { useVerificationCode } from '../../../lib/use-verification-code';
import { toggleWishlistAlert } from '../api/toggle-wishlist-alert';

/**
 * The Wishlist Alerts form (storefront.md 2 screen 9, 5, 8): the e-mail prefilled from the
 * account and checked on input, blur and submit; the code box after a verification error; Confirm;
 * the error notice above the form.
 */
export function WishlistAlertForm({
  wishlistId,
  accountEmail,
  onEnabled,
}: {
  wishlistId: number;
  accountEmail: string;
  onEnabled: (value: { email: string; showWelcome: boolean }) => void;
}) {
  const id = useId();
  const form = useContractForm<'email'>({
    schema: AlertEmailFormSchema,
    fields: ['email'],
    initial: { email: accountEmail },
  });
  const verification = useVerificationCode();
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const error = form.errors.email;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (form.validateAll().firstInvalid) {
      emailRef.current?.focus();
      return;
    }
    if (!verification.check()) {
      codeRef.current?.focus();
      return;
    }
    const email = form.values.email.trim();
    setSending(true);
    setNotice(false);
    try {
      const reply = await toggleWishlistAlert({
        WishlistId: wishlistId,
        AlertEnabled: true,
        Email: email,
        VerificationCode: verification.requestCode,
      });
      const outcome = verifiedSaveOutcome<Partial<WishlistAlertToggleValue>>(reply);
      if (outcome.kind === 'saved') {
        onEnabled({ email: outcome.value?.AlertEmail || email, showWelcome: outcome.value?.ShowWelcome === true });
      } else if (outcome.kind === 'verify') {
        verification.show(outcome.message);
        window.setTimeout(() => codeRef.current?.focus(), 0);
      } else {
        setNotice(true);
      }
    } catch {
      setNotice(true);
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="wishlist-alert-form" noValidate onSubmit={submit}>
      {notice ? <Notice kind="error">{GENERIC_ERROR_NOTICE}</Notice> : null}
      <p>We will e-mail you when an item on your wishlist drops in price or sells.</p>
      <div className={`field ${error ? 'field--invalid' : ''}`}>
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          ref={emailRef}
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          {...form.field('email')}
          aria-describedby={error ? `${id}-email-error` : undefined}
        />
        {error ? (
          <p className="field__error" id={`${id}-email-error`}>
            {error}
          </p>
        ) : null}
      </div>
      {verification.shown ? (
        <VerificationCodeField
          inputRef={codeRef}
          value={verification.code}
          onChange={verification.setCode}
          email={form.values.email}
          message={verification.message}
          error={verification.error}
          resendNote={verification.resendNote}
          resending={verification.resending}
          onResend={() => void verification.resend(form.values.email, () => setNotice(true))}
        />
      ) : null}
      <div className="wishlist-alerts__actions">
        <button type="submit" className="button button--yellow" disabled={sending} aria-busy={sending}>
          Confirm
        </button>
      </div>
    </form>
  );
}
