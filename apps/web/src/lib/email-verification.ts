import {
  EmailVerificationError,
  type Envelope,
  emailVerificationMessage,
  type VerificationValue,
} from '@shop/contract';

/**
 * What a save (a saved search, a wishlist alert) came to (account.md 4, 8): done; the code box
 * with the message for the verification error's kind; or an error, with the server's message if
 * it gave one.
 */
type VerifiedSaveOutcome<T> =
  | { kind: 'saved'; value: T | null }
  | { kind: 'verify'; message: string }
  | { kind: 'error'; message: string | null };

function verificationErrorOf(value: unknown): number | null {
  if (!value || typeof value !== 'object' || !('EmailVerificationError' in value)) return null;
  const kind = (value as VerificationValue).EmailVerificationError;
  return typeof kind === 'number' ? kind : null;
}

function hoursToWait(value: unknown): number | null {
  const hours = (value as Partial<VerificationValue> | null)?.TimeUntilUserCanReattempt;
  return typeof hours === 'number' ? hours : null;
}

export function verifiedSaveOutcome<T>(reply: Envelope<T | null>): VerifiedSaveOutcome<T> {
  const kind = verificationErrorOf(reply.Value);
  if (kind !== null && kind !== EmailVerificationError.Success) {
    return { kind: 'verify', message: emailVerificationMessage(kind, hoursToWait(reply.Value)) };
  }
  if (reply.WasSuccessful) return { kind: 'saved', value: reply.Value };
  return { kind: 'error', message: reply.Message };
}

/** A resend's answer as the code box shows it: the kind's message, else the server's. */
export function resendMessage(reply: Envelope<unknown>): string {
  const kind = verificationErrorOf(reply.Value);
  const fromKind = kind === null ? '' : emailVerificationMessage(kind, hoursToWait(reply.Value));
  if (fromKind) return fromKind;
  const value = reply.Value as { Message?: unknown } | null;
  if (value && typeof value.Message === 'string' && value.Message) return value.Message;
  return reply.Message ?? '';
}
