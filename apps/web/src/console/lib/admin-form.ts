import { joinFieldErrors } from '@shop/contract';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

export type FormErrors = Record<string, string>;

/**
 * A 400's message as the server writes it ('Invalid input. Slug: is already used by another store.
 * Postcode: must be 4 digits') split into each field's message; text naming no field goes under ''.
 */
export function serverFieldErrors(message: string): FormErrors {
  const text = message.replace(/^Invalid input\.\s*/, '');
  const starts = [...text.matchAll(/(?:^|\. )([A-Z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*): /g)];
  if (starts.length === 0) return { '': message };
  const errors: FormErrors = {};
  starts.forEach((match, i) => {
    const field = match[1] ?? '';
    const from = (match.index ?? 0) + match[0].length;
    const to = starts[i + 1]?.index ?? text.length;
    const said = text.slice(from, to).trim();
    errors[field] = errors[field] ? joinFieldErrors([errors[field], said]) : said;
  });
  return errors;
}

/** The schema's issues by field path ('Name', 'PrimaryButton.OnClickUrl'), each field's joined. */
export function schemaErrors(schema: z.ZodType, body: unknown): FormErrors | null {
  const parsed = schema.safeParse(body);
  if (parsed.success) return null;
  const lists = new Map<string, string[]>();
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.');
    const list = lists.get(field) ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    lists.set(field, list);
  }
  return Object.fromEntries([...lists].map(([field, list]) => [field, joinFieldErrors(list)]));
}

/**
 * One admin form: string values, checked with the contract's schema before sending (the same rules
 * the server applies), and the server's own refusals (a slug already taken) shown next to their
 * fields. What names no field of the form shows above its buttons.
 */
export function useAdminForm<F extends string, B, R>(options: {
  initial: Record<F, string>;
  schema: z.ZodType;
  toBody: (values: Record<F, string>) => B;
  save: (body: B) => Promise<R>;
  onSaved: (saved: R) => void;
}) {
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);

  const set = (field: F, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  async function submit(event: { preventDefault(): void; currentTarget: HTMLFormElement }) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = options.toBody(values);
    const found = schemaErrors(options.schema, body);
    if (found) {
      setErrors({ ...found, '': 'Please correct the fields marked.' });
      focusFirstInvalid(form);
      return;
    }
    setSaving(true);
    try {
      const saved = await options.save(body);
      setErrors({});
      options.onSaved(saved);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setErrors(error instanceof ApiError && error.status === 400 ? serverFieldErrors(message) : { '': message });
      focusFirstInvalid(form);
    } finally {
      setSaving(false);
    }
  }

  /** A field's message, and any message under its nested fields (PrimaryButton.OnClickUrl under PrimaryButton). */
  const errorOf = (field: string): string | undefined => errors[field];
  /** Messages of fields the form does not show, with the general one. */
  const otherErrors = (shown: readonly string[]) =>
    Object.entries(errors)
      .filter(([field]) => field === '' || !shown.includes(field))
      .map(([field, message]) => (field === '' ? message : `${field}: ${message}`));

  return { values, set, errors, errorOf, otherErrors, saving, submit };
}

function focusFirstInvalid(form: HTMLFormElement) {
  // After React has drawn the messages.
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
