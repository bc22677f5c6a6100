import type { z } from 'zod';
import { serverFieldErrors } from '../../../lib/field-errors';

/** A section's errors by the field's path as the API names it: 'Phone', 'OpeningHours.2.Hours', 'Rates.3.PriceMinor'. */
export type PathErrors = Record<string, string>;

function add(errors: PathErrors, path: string, message: string): void {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  if (!errors[path]) errors[path] = text;
  else if (!errors[path].split('. ').includes(text)) errors[path] = `${errors[path]}. ${text}`;
}

/** The contract schema's complaints about a body, by path (the same rules the server applies). */
export function schemaErrors(schema: z.ZodType, body: unknown): PathErrors {
  const result = schema.safeParse(body);
  const errors: PathErrors = {};
  if (!result.success)
    for (const issue of result.error.issues) add(errors, issue.path.map(String).join('.'), issue.message);
  return errors;
}

/**
 * The fields the server's 400 refused, by path ('Phone', 'OpeningHours.2.Hours',
 * 'Rates.3.PriceMinor'), so each message goes beside its field; null when it names none.
 */
export function serverErrors(error: unknown): PathErrors | null {
  const fields = serverFieldErrors(error);
  if (!fields) return null;
  const errors: PathErrors = {};
  for (const [path, messages] of fields) for (const message of messages) add(errors, path, message.replace(/\.$/, ''));
  return errors;
}
