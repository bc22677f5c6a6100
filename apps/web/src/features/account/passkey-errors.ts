import { ApiError } from '../../lib/api-client';

export const PASSKEYS_UNSUPPORTED_MESSAGE =
  'This browser cannot use passkeys. Please sign in with your email address and password, or try another browser.';
export const PASSKEY_CANCELLED_MESSAGE = 'The passkey request was cancelled or timed out. Nothing was changed.';
export const PASSKEY_ALREADY_ADDED_MESSAGE = 'This device already holds a passkey for your account.';

/**
 * A shopper's sentence for what went wrong in a passkey ceremony. The browser's own errors
 * (@simplewebauthn/browser passes their names through) are technical; the server's are written for
 * shoppers and shown as they come.
 */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (!(error instanceof Error)) return PASSKEY_CANCELLED_MESSAGE;
  if (/not supported/i.test(error.message) || error.name === 'NotSupportedError') return PASSKEYS_UNSUPPORTED_MESSAGE;
  if ('code' in error && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return PASSKEY_ALREADY_ADDED_MESSAGE;
  // NotAllowedError: the shopper closed the prompt, or it timed out; AbortError: it was cancelled.
  return PASSKEY_CANCELLED_MESSAGE;
}
