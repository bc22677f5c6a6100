import { joinFieldErrors } from '@shop/contract';
import type { z } from 'zod';
import { serverFieldErrors } from './field-errors';

/**
 * Errors by the path the schema or the server names ('Name', 'PrimaryButton.OnClickUrl',
 * 'OpeningHours.2.Hours', 'Rates.3.PriceMinor'); '' for the form as a whole.
 */
export type PathErrors = Record<string, string>;

/** What useContractForm hands its sender at a submit; V is the form's values (flat strings or a body). */
export interface SendingForm<V> {
  element: HTMLFormElement;
  values: V;
  /** The contract's rules: null until lazy ones have loaded (ready). */
  rules: () => z.ZodType | null;
  ready: () => Promise<void>;
  toInput: ((values: V) => unknown) | undefined;
  setPathErrors: (errors: PathErrors) => void;
  setSaving: (saving: boolean) => void;
  /** Whether the last submit was saved (cleared by the next edit). */
  setSaved: (saved: boolean) => void;
}

export interface FormSender<V> {
  submit(form: SendingForm<V>): Promise<void>;
}

/** The admin forms' sentence above the buttons while fields are marked. */
const CORRECT_FIELDS_MESSAGE = 'Please correct the fields marked.';

export interface FormSenderOptions<V, B, R> {
  /** The request body these values make; the schema checks it unless the form gives toInput. */
  toBody: (values: V) => B;
  save: (body: B) => Promise<R>;
  onSaved: (saved: R) => void;
  /**
   * The form's own errors by path, for what the schema cannot see (an amount typed as words, sent
   * as 0): they stand over the schema's at the same path, and nothing is sent while there are any.
   */
  localErrors?: (values: V) => PathErrors;
  /** The sentence above the buttons while fields are marked (default: the admin forms'). */
  correctMessage?: string;
  /**
   * Whether fields the server refused get that sentence too. The admin forms do not: they list what
   * was refused that they do not show beside a field (otherErrors).
   */
  correctAfterRefusal?: boolean;
  /** What a failure that has no message of its own says (default: nothing more). */
  failedMessage?: string;
  /** Whether a refused submit moves the focus to the first marked field (default: yes). */
  focusInvalid?: boolean;
  /** Whether the last submit's messages go as soon as a body passes the check, rather than when the reply comes. */
  clearOnSend?: boolean;
}

/**
 * How useContractForm sends a form (its `send` option; the console's admin forms and store
 * settings): a submit checks the body with the schema (nothing is sent while a field is wrong),
 * then saves it; what the server refuses goes beside its field (lib/field-errors.ts), the rest
 * above the buttons. A module of its own, so pages whose forms only check (the product page's
 * enquiry) do not carry it.
 */
export function formSender<F extends string, B, R>(
  options: FormSenderOptions<Record<F, string>, B, R>,
): FormSender<Record<F, string>>;
// A form whose values are a body of its own shape (the store settings). The flat signature comes
// first because TypeScript cannot type an unannotated toBody's values from a bare type parameter.
export function formSender<V, B, R>(options: FormSenderOptions<V, B, R>): FormSender<V>;
export function formSender<V, B, R>(options: FormSenderOptions<V, B, R>): FormSender<V> {
  const correct = options.correctMessage ?? CORRECT_FIELDS_MESSAGE;
  const focus = (form: HTMLFormElement) => {
    if (options.focusInvalid ?? true) focusFirstInvalid(form);
  };
  return {
    async submit(form) {
      form.setSaved(false);
      const body = options.toBody(form.values);
      // Lazy rules load at the form's first focus; a submit before then waits for them.
      if (!form.rules()) await form.ready();
      const rules = form.rules();
      const found = {
        ...(rules ? validatePaths(rules, form.toInput ? form.toInput(form.values) : body) : {}),
        ...options.localErrors?.(form.values),
      };
      if (Object.keys(found).length > 0) {
        form.setPathErrors({ ...found, '': correct });
        focus(form.element);
        return;
      }
      if (options.clearOnSend) form.setPathErrors({});
      form.setSaving(true);
      try {
        const saved = await options.save(body);
        form.setPathErrors({});
        options.onSaved(saved);
        form.setSaved(true);
      } catch (error) {
        const refused = serverFieldErrors(error);
        const message = error instanceof Error ? error.message : String(error);
        form.setPathErrors(
          refused
            ? {
                ...Object.fromEntries([...refused].map(([path, messages]) => [path, joinFieldErrors(messages)])),
                ...(options.correctAfterRefusal ? { '': correct } : {}),
              }
            : { '': message || (options.failedMessage ?? message) },
        );
        focus(form.element);
      } finally {
        form.setSaving(false);
      }
    },
  };
}

/** The schema's issues by path, each path's messages joined; empty when the input is fine. */
function validatePaths(schema: z.ZodType, input: unknown): PathErrors {
  const parsed = schema.safeParse(input);
  if (parsed.success) return {};
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
