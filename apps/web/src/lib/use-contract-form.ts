import { joinFieldErrors } from '@shop/contract';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import type { FormSender, PathErrors } from './form-sender';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * F: the flat fields, each a string the hook checks as it is typed in. V: the values, by default
 * those fields; or a body of any shape (the store settings' opening hours, licences and postage
 * bands), which names no fields, is edited with `update` and checked at a submit, its errors read by
 * path (errorAt).
 */
interface ContractFormOptions<F extends string, V> {
  /**
   * The contract's schema: the same rules the server applies. Or a loader, for a form on a page that
   * should not carry the schema library until the shopper uses the form: the rules load at the
   * form's first focus (`ready`), and a submit waits for them.
   */
  schema: z.ZodType | (() => Promise<z.ZodType>);
  /** The fields checked one by one (none for a form whose values are a body). */
  fields?: readonly F[];
  initial: V;
  /** The schema's input for these values (default: the values as they are). */
  toInput?: (values: V) => unknown;
  /**
   * The field an issue belongs to (default: its first path segment, when that is a field). The whole
   * path comes second, for nested schemas (an address inside a profile).
   */
  fieldOf?: (path: PropertyKey | undefined, fullPath: readonly PropertyKey[]) => F | null;
  /**
   * 'always' (default): a field is checked as it is typed in. 'touched': only once it has lost
   * focus or a submit was tried, so a shopper is not told off halfway through typing. 'submit':
   * only a submit checks (the whole body, by path: errorAt); typing in a field clears its message,
   * which was about the value before.
   */
  validateOnInput?: 'always' | 'touched' | 'submit';
  /**
   * For a form the hook also sends (the console's admin forms and store settings):
   * lib/form-sender.ts's formSender, run by `submit`; its errors by path are read with errorAt and
   * otherErrors.
   */
  send?: FormSender<V>;
}

/** Every field's messages under `schema`, each field's joined with '. ' (storefront.md 5). */
export function validateFields<F extends string>(
  schema: z.ZodType,
  input: unknown,
  fields: readonly F[],
  fieldOf: (path: PropertyKey | undefined, fullPath: readonly PropertyKey[]) => F | null,
): FieldErrors<F> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const messages = new Map<F, string[]>();
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path[0], issue.path);
    if (!field) continue;
    const list = messages.get(field) ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    messages.set(field, list);
  }
  const errors: FieldErrors<F> = {};
  for (const field of fields) {
    const list = messages.get(field);
    if (list && list.length > 0) errors[field] = joinFieldErrors(list);
  }
  return errors;
}

/**
 * One form's state checked with a contract schema on input, on blur and on submit. Forms keep their
 * own markup; this keeps values, errors and what has been touched, and hands each field its props.
 * A form that saves through it (`send`) also gets `submit`, `saving`, `saved` and the errors by
 * path of its last submit, its own check's or the server's: the shop's and the console's forms
 * alike, flat fields or a body (see ContractFormOptions).
 */
export function useContractForm<F extends string = never, V extends Record<F, string> = Record<F, string>>(
  options: ContractFormOptions<F, V>,
) {
  const { schema, fields = [], initial } = options;
  const mode = options.validateOnInput ?? 'always';
  const rules = useRef<z.ZodType | null>(typeof schema === 'function' ? null : schema);
  const loading = useRef<Promise<void> | null>(null);
  /** Loads the rules if they are lazy (once); resolves at once when they are here. */
  function ready(): Promise<void> {
    if (rules.current || typeof schema !== 'function') return Promise.resolve();
    loading.current ??= schema().then(
      (loaded) => {
        rules.current = loaded;
      },
      (error: unknown) => {
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  }
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [pathErrors, setPathErrors] = useState<PathErrors>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const fieldOf =
    options.fieldOf ??
    ((path: PropertyKey | undefined) =>
      (fields as readonly PropertyKey[]).includes(path as PropertyKey) ? (path as F) : null);
  // Until lazy rules have arrived (a few milliseconds after the first focus) there is nothing to say.
  const validate = (next: V): FieldErrors<F> =>
    rules.current ? validateFields(rules.current, options.toInput ? options.toInput(next) : next, fields, fieldOf) : {};

  function check(field: F, next: V) {
    // A value checked before lazy rules have arrived (typed, pasted or left before the form's first
    // focus has finished loading them) is checked once they are here.
    if (!rules.current && typeof schema === 'function') {
      void ready().then(
        () => check(field, next),
        () => undefined,
      );
      return;
    }
    const found = validate(next);
    setErrors((previous) => ({ ...previous, [field]: found[field] }));
  }

  function setValue(field: F, value: string) {
    setSaved(false);
    if (mode === 'submit') {
      setValues((previous) => ({ ...previous, [field]: value }));
      setPathErrors(({ [field]: _cleared, ...rest }) => rest);
      return;
    }
    const next: V = { ...values, [field]: value };
    setValues(next);
    if (mode === 'always' || touched[field] || submitted) check(field, next);
  }

  function blur(field: F) {
    setTouched((previous) => ({ ...previous, [field]: true }));
    if (mode !== 'submit') check(field, values);
  }

  /**
   * Checks every field (a submit): returns the errors and the first field that has one. A form with
   * lazy rules awaits `ready()` first.
   */
  function validateAll(): { errors: FieldErrors<F>; firstInvalid: F | undefined } {
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    return { errors: found, firstInvalid: fields.find((field) => found[field]) };
  }

  /**
   * An edit of a form whose values are a body: its top-level parts replaced. The last submit's
   * messages stay until the next submit (which of a body's paths an edit touched is the form's to
   * know); the note that it was saved goes.
   */
  function update(change: Partial<V>) {
    setSaved(false);
    setValues((previous) => ({ ...previous, ...change }));
  }

  /** New values, unchecked and untouched (a form answered with what was saved keeps its 'saved' note). */
  function reset(next: V = initial) {
    setValues(next);
    setErrors({});
    setTouched({});
    setSubmitted(false);
  }

  /** Sets a value without checking it (a field the form clears itself, such as a used captcha). */
  function clear(field: F) {
    setValues((previous) => ({ ...previous, [field]: '' }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  /** A submit of a form the hook sends (options.send). */
  function submit(event: { preventDefault(): void; currentTarget: HTMLFormElement }): Promise<void> {
    event.preventDefault();
    return (
      options.send?.submit({
        element: event.currentTarget,
        values,
        rules: () => rules.current,
        ready,
        toInput: options.toInput,
        setPathErrors,
        setSaving,
        setSaved,
      }) ?? Promise.resolve()
    );
  }

  /**
   * The last submit's message for a path ('Slug', 'PrimaryButton.OnClickUrl', 'Rates.3.PriceMinor'),
   * or undefined; '' is the form's general one.
   */
  const errorAt = (path: string): string | undefined => pathErrors[path];
  /** The last submit's messages for paths the form does not show beside a field, and the general one. */
  const otherErrors = (shown: readonly string[]) =>
    Object.entries(pathErrors)
      .filter(([path]) => path === '' || !shown.includes(path))
      .map(([path, message]) => (path === '' ? message : `${path}: ${message}`));

  /** The props every input of a field gets. */
  function field(name: F) {
    return {
      name,
      value: values[name],
      'aria-invalid': errors[name] ? true : undefined,
      onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
      onBlur: () => blur(name),
    };
  }

  return {
    values,
    errors,
    touched,
    setValue,
    update,
    blur,
    validateAll,
    reset,
    clear,
    field,
    ready,
    submit,
    saving,
    saved,
    errorAt,
    otherErrors,
  };
}
