import type { FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { serverFieldErrors } from '../../lib/field-errors';

/** Focuses the form's control named `name` (the first invalid field after a submit). */
export function focusField(event: FormEvent<HTMLFormElement>, name: string | undefined): void {
  if (!name) return;
  const control = event.currentTarget.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}

/**
 * The server's message for a failed call. A 400's message names its first field for developers
 * ("Invalid input. Email: ..."); shoppers get the sentence after that field's name.
 */
export function serverMessage(error: unknown): string {
  if (!(error instanceof ApiError && error.message)) return 'Something went wrong. Please try again.';
  const [field] = serverFieldErrors(error)?.keys() ?? [];
  const named = field === undefined ? null : `Invalid input. ${field}: `;
  return named && error.message.startsWith(named) ? error.message.slice(named.length) : error.message;
}
