import { type CaptchaValue, GENERIC_ERROR_NOTICE, joinFieldErrors } from '@shop/contract';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/field-errors';
import { afterHydration } from '../../../lib/hydrate-later';
import { useContractForm } from '../../../lib/use-contract-form';
import { useNearScreen } from '../../../lib/use-near-screen';
import { captchaToken, getCaptcha } from '../api/get-captcha';
import { enquiryDate, sendEnquiry } from '../api/send-enquiry';

export type Field = 'name' | 'email' | 'message' | 'captcha';
const FIELDS: Field[] = ['name', 'email', 'message', 'captcha'];
type Values = Record<Field, string>;

const EMPTY: Values = { name: '', email: '', message: '', captcha: '' };

export type CaptchaState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: CaptchaValue };

/** The field: the captcha answer travels as recaptchaToken. */
function enquiryField(path: PropertyKey | undefined): Field | null {
  if (path === 'recaptchaToken') return 'captcha';
  return path === 'name' || path === 'email' || path === 'message' ? path : null;
}

/**
 * The notice for a failed send. A 400 that refuses fields (a wrong or expired captcha, most often)
 * carries them as data: shoppers get their messages, without the API's field names the Message
 * spells out for developers ("Invalid input. recaptchaToken: ..."). A 400 naming no field shows its
 * Message; anything else is generic.
 */
function failureNotice(error: unknown): string {
  const refused = serverFieldErrors(error);
  if (refused) return joinFieldErrors([...refused.values()].flat());
  return error instanceof ApiError && error.status === 400 && error.message ? error.message : GENERIC_ERROR_NOTICE;
}

function enquiryInput(values: Values, token: string | null) {
  return {
    name: values.name,
    email: values.email,
    message: values.message,
    recaptchaToken: token ? captchaToken(token, values.captcha) : '',
  };
}

/**
 * The captcha picture, asked for once the form comes within 100 px of the screen: the form is below
 * a phone's fold, most shoppers never scroll to it, and each picture is drawn by the server for one
 * use. Asking with the page was a request and a render in the middle of its load. `newCaptcha`
 * replaces it (each picture can be answered once); a newer request cancels the one before.
 */
function useCaptcha(formElement: HTMLFormElement | null): { captcha: CaptchaState; newCaptcha: () => void } {
  const [captcha, setCaptcha] = useState<CaptchaState>({ status: 'loading' });
  const captchaRequest = useRef<AbortController | null>(null);

  const newCaptcha = useCallback(() => {
    captchaRequest.current?.abort();
    const controller = new AbortController();
    captchaRequest.current = controller;
    setCaptcha({ status: 'loading' });
    getCaptcha(controller.signal)
      .then((value) => setCaptcha({ status: 'ready', value }))
      .catch(() => {
        if (!controller.signal.aborted) setCaptcha({ status: 'error' });
      });
  }, []);

  const near = useNearScreen(formElement, '100px');
  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    // Not before the page has hydrated: the picture replaces the server's placeholder.
    void afterHydration().then(() => {
      if (!cancelled) newCaptcha();
    });
    return () => {
      cancelled = true;
      captchaRequest.current?.abort();
    };
  }, [near, newCaptcha]);

  return { captcha, newCaptcha };
}

/**
 * The enquiry form's state: its fields checked with the contract's rules, the captcha, and the
 * submit (the notice it ends with, and a new picture whatever the outcome).
 */
export function useEnquiryForm(productCode: string, storeName: string) {
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
    captcha: useRef<HTMLInputElement>(null),
  };
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const { captcha, newCaptcha } = useCaptcha(formElement);

  const token = captcha.status === 'ready' ? captcha.value.Token : null;
  const form = useContractForm<Field>({
    // The rules (and zod) load when the shopper first focuses the form: a product page is read far
    // more often than it is asked about, and its JavaScript has a budget.
    schema: () => import('./enquiry-schema').then((module) => module.EnquiryFormSchema),
    fields: FIELDS,
    initial: EMPTY,
    toInput: (values) => enquiryInput(values, token),
    fieldOf: enquiryField,
  });
  const { values } = form;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    try {
      await form.ready();
    } catch {
      setNotice({ kind: 'error', text: GENERIC_ERROR_NOTICE });
      return;
    }
    const { firstInvalid } = form.validateAll();
    if (firstInvalid || !token) {
      refs[firstInvalid ?? 'captcha'].current?.focus();
      return;
    }
    setSending(true);
    setNotice(null);
    try {
      await sendEnquiry({
        productCode,
        name: values.name.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
        date: enquiryDate(),
        recaptchaToken: captchaToken(token, values.captcha),
      });
      form.reset();
      setNotice({
        kind: 'success',
        text: `Thank you, your enquiry has been sent to our ${storeName} store. They will reply by e-mail.`,
      });
    } catch (error) {
      form.clear('captcha');
      setNotice({ kind: 'error', text: failureNotice(error) });
    } finally {
      setSending(false);
      // Each picture can be answered once, whatever the outcome.
      newCaptcha();
    }
  }

  return { form, refs, captcha, newCaptcha, sending, notice, submit, setFormElement };
}
