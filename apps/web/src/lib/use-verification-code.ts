import { REQUIRED_MESSAGE } from '@shop/contract';
import { useState } from 'react';
import { resendMessage } from './email-verification';
import { resendVerificationCode } from './verification-api/resend-code';

/**
 * The verification code box's state for a form that saves with an e-mail address: hidden until a
 * reply carries a verification error, then the code typed, the kind's message and resends.
 */
export function useVerificationCode() {
  const [shown, setShown] = useState(false);
  const [code, setCodeValue] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [resendNote, setResendNote] = useState('');
  const [resending, setResending] = useState(false);

  function setCode(next: string) {
    setCodeValue(next);
    setError(next ? undefined : REQUIRED_MESSAGE);
  }

  /** Opens the box (or keeps it open) with the message for the reply's kind. */
  function show(next: string) {
    setShown(true);
    setMessage(next);
    setCodeValue('');
    setError(undefined);
  }

  /** False (and the field's message) when the box is open without a code. */
  function check(): boolean {
    if (shown && code === '') {
      setError(REQUIRED_MESSAGE);
      return false;
    }
    return true;
  }

  /** A new code to `email`; a failure goes to `onError` (account.md 8: a supplied error handler). */
  async function resend(email: string, onError: () => void) {
    setResending(true);
    setResendNote('');
    try {
      const reply = await resendVerificationCode(email.trim() || null);
      if (!reply.WasSuccessful && !reply.Value) onError();
      else setResendNote(resendMessage(reply) || `A new code has been sent to ${email.trim()}.`);
    } catch {
      onError();
    } finally {
      setResending(false);
    }
  }

  function reset() {
    setShown(false);
    setCodeValue('');
    setMessage('');
    setError(undefined);
    setResendNote('');
  }

  return {
    shown,
    code,
    message,
    error,
    resendNote,
    resending,
    setCode,
    show,
    check,
    resend,
    reset,
    /** The VerificationCode to send: the typed code once the box is open, else null. */
    requestCode: shown ? code : null,
  };
}
