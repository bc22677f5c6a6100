import type { FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';

/** Focuses the form's control named `name` (the first invalid field after a submit). */
export function focusField(event: FormEvent<HTMLFormElement>, name: string | undefined): void {
  if (!name) return;
  const control = event.currentTarget.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}

/**
 * The server's message for a failed call. The server names the field for developers
 * ("Invalid input. Email: ..."); shoppers get the sentence.
 */
export function serverMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message.replace(/^Invalid input\. [\w.]+: /, '');
  return 'Something went wrong. Please try again.';
}
