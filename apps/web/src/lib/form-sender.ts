import { joinFieldErrors } from '@shop/contract';
import type { z } from 'zod';
import { serverFieldErrors } from './field-errors';

/** Errors by the path the schema or the server names ('Name', 'PrimaryButton.OnClickUrl'); '' for the form as a whole. */
export type PathErrors = Record<string, string>;

/** What useContractForm hands its sender at a submit. */
export interface SendingForm<F extends string> {
  element: HTMLFormElement;
  values: Record<F, string>;
  /** The contract's rules: null until lazy ones have loaded (ready). */
  rules: () => z.ZodType | null;
  ready: () => Promise<void>;
  toInput: ((values: Record<F, string>) => unknown) | undefined;
  setPathErrors: (errors: PathErrors) => void;
  setSaving: (saving: boolean) => void;
}

export interface FormSender<F extends string> {
  submit(form: SendingForm<F>): Promise<void>;
}

/**
 * How useContractForm sends a form (its `send` option; the console's admin forms): a submit checks
 * the body with the schema (nothing is sent while a field is wrong), then saves it; what the server
 * refuses goes beside its field (lib/field-errors.ts), the rest above the buttons. Either way the
 * first marked field gets the focus. A module of its own, so pages whose forms only check (the
 * product page's enquiry) do not carry it.
 */
export function formSender<F extends string, B, R>(options: {
  /** The request body these values make; the schema checks it unless the form gives toInput. */
  toBody: (values: Record<F, string>) => B;
  save: (body: B) => Promise<R>;
  onSaved: (saved: R) => void;
}): FormSender<F> {
  return {
    async submit(form) {
      const body = options.toBody(form.values);
      // Lazy rules load at the form's first focus; a submit before then waits for them.
      if (!form.rules()) await form.ready();
      const rules = form.rules();
      const found = rules ? validatePaths(rules, form.toInput ? form.toInput(form.values) : body) : null;
      if (found) {
        form.setPathErrors({ ...found, '': 'Please correct the fields marked.' });
        focusFirstInvalid(form.element);
        return;
      }
      form.setSaving(true);
      try {
        const saved = await options.save(body);
        form.setPathErrors({});
        options.onSaved(saved);
      } catch (error) {
        const refused = serverFieldErrors(error);
        form.setPathErrors(
          refused
            ? Object.fromEntries([...refused].map(([path, messages]) => [path, joinFieldErrors(messages)]))
            : { '': error instanceof Error ? error.message : String(error) },
        );
        focusFirstInvalid(form.element);
      } finally {
        form.setSaving(false);
      }
    },
  };
}

/** The schema's issues by path, each path's messages joined; null when the input is fine. */
function validatePaths(schema: z.ZodType, input: unknown): PathErrors | null {
  const parsed = schema.safeParse(input);
  if (parsed.success) return null;
  const lists = new Map<string, string[]>();
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    const list = lists.get(path) ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    lists.set(path, list);
  }
  return Object.fromEntries([...lists].map(([path, list]) => [path, joinFieldErrors(list)]));
}

function focusFirstInvalid(form: HTMLFormElement) {
  // After React has drawn the messages.
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
