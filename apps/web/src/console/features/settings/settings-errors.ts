import type { z } from 'zod';

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
 * The server's 400 ("Invalid input. Phone: Please enter .... OpeningHours.2.Hours: ...") by path,
 * so each message goes beside its field; `rest` is whatever names no field (a 409's reason).
 */
export function serverErrors(message: string): { fields: PathErrors; rest: string | null } {
  if (!message.startsWith('Invalid input. ')) return { fields: {}, rest: message };
  const fields: PathErrors = {};
  const rest: string[] = [];
  const parts = message.slice('Invalid input. '.length).split(/\. (?=[A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*: )/);
  for (const part of parts) {
    const match = /^([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*): (.*)$/s.exec(part);
    if (match?.[1] && match[2] !== undefined) add(fields, match[1], match[2].replace(/\.$/, ''));
    else rest.push(part);
  }
  return { fields, rest: rest.length > 0 ? rest.join('. ') : null };
}
