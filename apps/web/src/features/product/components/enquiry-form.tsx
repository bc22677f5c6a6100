import { type CaptchaValue, ENQUIRY_MESSAGE_MAX_LENGTH, GENERIC_ERROR_NOTICE } from '@shop/contract';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Notice } from '../../../components/notice';
import { ApiError } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/use-contract-form';
import { captchaToken, getCaptcha } from '../api/get-captcha';
import { enquiryDate, sendEnquiry } from '../api/send-enquiry';
import '../product.css';
import { formatCount } from '../../../lib/format-count';
import { afterHydration } from '../../../lib/hydrate-later';
import { useNearScreen } from '../../../lib/use-near-screen';

type Field = 'name' | 'email' | 'message' | 'captcha';
const FIELDS: Field[] = ['name', 'email', 'message', 'captcha'];
type Values = Record<Field, string>;

const EMPTY: Values = { name: '', email: '', message: '', captcha: '' };

type CaptchaState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: CaptchaValue };

/** The field: the captcha answer travels as recaptchaToken. */
function enquiryField(path: PropertyKey | undefined): Field | null {
  if (path === 'recaptchaToken') return 'captcha';
  return path === 'name' || path === 'email' || path === 'message' ? path : null;
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
 * The product enquiry form: name, e-mail, message and a captcha picture. Each field is checked
 * with the contract's rules as it is typed in, when it loses focus and on submit.
 */
export function EnquiryForm({ productCode, storeName }: { productCode: string; storeName: string }) {
  const id = useId();
  const [captcha, setCaptcha] = useState<CaptchaState>({ status: 'loading' });
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
    captcha: useRef<HTMLInputElement>(null),
  };
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

  // The picture is asked for once the form comes within 100 px of the screen: the form is below a
  // phone's fold, most shoppers never scroll to it, and each picture is drawn by the server for one
  // use. Asking with the page was a request and a render in the middle of its load (issue 13).
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
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

  const token = captcha.status === 'ready' ? captcha.value.Token : null;
  const form = useContractForm<Field>({
    // The rules (and zod) load when the shopper first focuses the form: a product page is read far
    // more often than it is asked about, and its JavaScript has a budget (issue 13).
    schema: () => import('./enquiry-schema').then((module) => module.EnquiryFormSchema),
    fields: FIELDS,
    initial: EMPTY,
    toInput: (values) => enquiryInput(values, token),
    fieldOf: enquiryField,
  });
  const { values, errors } = form;

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
      // A wrong or expired captcha comes back as a 400 whose message says so; anything else is generic.
      // The server names the field for developers ("Invalid input. recaptchaToken: ..."); shoppers get the sentence.
      const text =
        error instanceof ApiError && error.status === 400 && error.message
          ? error.message.replace(/^Invalid input\. [\w.]+: /, '')
          : GENERIC_ERROR_NOTICE;
      form.clear('captcha');
      setNotice({ kind: 'error', text });
    } finally {
      setSending(false);
      // Each picture can be answered once, whatever the outcome.
      newCaptcha();
    }
  }

  function describedBy(field: Field, extra?: string) {
    const ids = [errors[field] ? `${id}-${field}-error` : '', extra ?? ''].filter(Boolean);
    return ids.length > 0 ? ids.join(' ') : undefined;
  }

  function fieldError(field: Field) {
    return errors[field] ? (
      <p className="field__error" id={`${id}-${field}-error`}>
        {errors[field]}
      </p>
    ) : null;
  }

  const messageLength = values.message.length;

  return (
    <form
      ref={setFormElement}
      className="enquiry"
      noValidate
      onSubmit={submit}
      onFocus={() => void form.ready().catch(() => undefined)}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="enquiry__title">
        Ask the store about this item
      </h2>
      <p className="enquiry__intro">Our {storeName} store will answer by e-mail, usually within one business day.</p>
      <div className="enquiry__row">
        <div className={`field ${errors.name ? 'field--invalid' : ''}`}>
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            ref={refs.name}
            id={`${id}-name`}
            autoComplete="name"
            required
            {...form.field('name')}
            aria-describedby={describedBy('name')}
          />
          {fieldError('name')}
        </div>
        <div className={`field ${errors.email ? 'field--invalid' : ''}`}>
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            ref={refs.email}
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            required
            {...form.field('email')}
            aria-describedby={describedBy('email')}
          />
          {fieldError('email')}
        </div>
      </div>
      <div className={`field ${errors.message ? 'field--invalid' : ''}`}>
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea
          ref={refs.message}
          id={`${id}-message`}
          rows={5}
          required
          {...form.field('message')}
          aria-describedby={describedBy('message', `${id}-message-count`)}
        />
        <p
          id={`${id}-message-count`}
          className={`field__hint ${messageLength > ENQUIRY_MESSAGE_MAX_LENGTH ? 'field__hint--over' : ''}`}
        >
          {formatCount(messageLength)} of {formatCount(ENQUIRY_MESSAGE_MAX_LENGTH)} characters
        </p>
        {fieldError('message')}
      </div>
      <fieldset className={`field captcha ${errors.captcha ? 'field--invalid' : ''}`}>
        <legend>Security check</legend>
        <div className="captcha__picture">
          {captcha.status === 'ready' ? (
            <img
              src={captcha.value.Image}
              alt="Security check: distorted letters and numbers to type in below"
              width={200}
              height={70}
            />
          ) : (
            <span className="captcha__placeholder" aria-live="polite">
              {captcha.status === 'loading' ? 'Loading picture...' : 'The picture could not be loaded.'}
            </span>
          )}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              form.clear('captcha');
              newCaptcha();
            }}
          >
            New picture
          </button>
        </div>
        <label htmlFor={`${id}-captcha`}>Type the characters in the picture</label>
        <input
          ref={refs.captcha}
          id={`${id}-captcha`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...form.field('captcha')}
          aria-describedby={describedBy('captcha')}
        />
        {fieldError('captcha')}
      </fieldset>
      {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
      <div className="enquiry__actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Sending...' : 'Send enquiry'}
        </button>
      </div>
    </form>
  );
}
