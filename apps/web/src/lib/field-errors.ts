import type { FieldError } from '@shop/contract';
import { ApiError } from './api-client';

/**
 * The fields a failed call refused, read from the data the server's 400 carries beside its
 * Message (FieldErrors): each field as the API names it ('Email', 'Rates.3.PriceMinor',
 * 'Pictures.0'), with its messages in the order the server gave them, each once. Null when the
 * failure names no field (another status, a refusal said only in a sentence, no reply at all):
 * the form then shows the error's message. Forms map the API's names onto their own fields.
 */
export function serverFieldErrors(error: unknown): Map<string, string[]> | null {
  if (!(error instanceof ApiError) || error.status !== 400 || error.fieldErrors.length === 0) return null;
  return groupFieldErrors(error.fieldErrors);
}

function groupFieldErrors(list: readonly FieldError[]): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const { Field, Message } of list) {
    const messages = fields.get(Field) ?? [];
    if (!messages.includes(Message)) messages.push(Message);
    fields.set(Field, messages);
  }
  return fields;
}
