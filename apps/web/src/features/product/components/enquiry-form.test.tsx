// @vitest-environment jsdom
import { CAPTCHA_REQUIRED, ENQUIRY_MESSAGE_TOO_LONG, GENERIC_ERROR_NOTICE } from '@shop/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '../../../test/intersection-observer';
import { EnquiryForm } from './enquiry-form';

const REQUIRED = 'This field is required';
const BAD_EMAIL = 'Please enter a valid email address';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let calls: Call[];
let captchaCount: number;
let enquiryReply: () => Response;

beforeEach(() => {
  calls = [];
  captchaCount = 0;
  enquiryReply = () => reply(200, { WasSuccessful: true, Value: { EnquiryId: 7 }, Message: null });
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
  document.cookie = 'XSRF-TOKEN=csrf-123';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, init });
      if (url === '/c3api/captcha') {
        captchaCount += 1;
        return reply(200, {
          WasSuccessful: true,
          Value: { Token: `tok${captchaCount}`, Image: 'data:image/svg+xml;base64,PHN2Zy8+', ExpiresAt: '2099-01-01' },
          Message: null,
        });
      }
      if (url === '/c3api/product/enquiry') return enquiryReply();
      return reply(404, { WasSuccessful: false, Value: null, Message: 'unexpected' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderForm() {
  const user = userEvent.setup();
  render(<EnquiryForm productCode="SH0000001" storeName="Parramatta" />);
  await screen.findByRole('img', { name: /Security check/ });
  return {
    user,
    name: screen.getByRole('textbox', { name: 'Name' }),
    email: screen.getByRole('textbox', { name: 'Email' }),
    message: screen.getByRole('textbox', { name: 'Message' }),
    captcha: screen.getByRole('textbox', { name: 'Type the characters in the picture' }),
    submit: screen.getByRole('button', { name: 'Send enquiry' }),
  };
}

/** The text of the field's error, found through its aria-describedby. */
function errorOf(field: HTMLElement): string | null {
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.className === 'field__error');
  return error?.textContent ?? null;
}

describe('EnquiryForm validation', () => {
  it('says a blank name is required when the field loses focus', async () => {
    const { user, name } = await renderForm();
    expect(errorOf(name)).toBeNull();
    await user.click(name);
    await user.tab();
    // The rules load at the form's first focus (a dynamic import): on a busy machine they may
    // arrive after the blur, which is then checked as they land.
    await waitFor(() => expect(errorOf(name)).toBe(REQUIRED));
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });

  it('treats a name of spaces as blank, and clears the message once a name is typed', async () => {
    const { user, name } = await renderForm();
    await user.type(name, '   ');
    await waitFor(() => expect(errorOf(name)).toBe(REQUIRED));
    await user.type(name, 'Sam');
    expect(errorOf(name)).toBeNull();
    expect(name.hasAttribute('aria-describedby')).toBe(false);
  });

  it('checks the e-mail address as it is typed and joins several messages with ". "', async () => {
    const { user, email } = await renderForm();
    await user.type(email, 'sam@');
    await waitFor(() => expect(errorOf(email)).toBe(BAD_EMAIL));
    await user.type(email, 'example.com');
    expect(errorOf(email)).toBeNull();
    await user.clear(email);
    expect(errorOf(email)).toBe(`${REQUIRED}. ${BAD_EMAIL}`);
  });

  it('limits the message to 3000 characters', async () => {
    const { message } = await renderForm();
    fireEvent.change(message, { target: { value: 'a'.repeat(3001) } });
    // Pasted in without a focus: checked as soon as the form's rules (their own chunk) have loaded.
    await waitFor(() => expect(errorOf(message)).toBe(ENQUIRY_MESSAGE_TOO_LONG));
    expect(screen.getByText('3,001 of 3,000 characters')).toBeTruthy();
    fireEvent.change(message, { target: { value: 'a'.repeat(3000) } });
    expect(errorOf(message)).toBeNull();
  });

  it('asks for the captcha', async () => {
    const { user, captcha } = await renderForm();
    await user.click(captcha);
    await user.tab();
    expect(errorOf(captcha)).toBe(CAPTCHA_REQUIRED);
  });

  it('on submit shows every message, focuses the first invalid field and sends nothing', async () => {
    const { user, name, email, message, captcha, submit } = await renderForm();
    await user.click(submit);
    expect(errorOf(name)).toBe(REQUIRED);
    expect(errorOf(email)).toBe(`${REQUIRED}. ${BAD_EMAIL}`);
    expect(errorOf(message)).toBe(REQUIRED);
    expect(errorOf(captcha)).toBe(CAPTCHA_REQUIRED);
    expect(document.activeElement).toBe(name);
    expect(calls.some((c) => c.url === '/c3api/product/enquiry')).toBe(false);
  });
});

describe('EnquiryForm sending', () => {
  async function fillIn() {
    const form = await renderForm();
    await form.user.type(form.name, 'Sam Buyer');
    await form.user.type(form.email, 'sam@example.com');
    await form.user.type(form.message, 'Is the charger included?');
    await form.user.type(form.captcha, 'x7k2p');
    return form;
  }

  it('posts the enquiry with the anti-forgery header, then thanks the shopper and resets', async () => {
    const { user, name, email, message, captcha, submit } = await fillIn();
    await user.click(submit);
    await screen.findByText(/your enquiry has been sent to our Parramatta store/);
    const post = calls.find((c) => c.url === '/c3api/product/enquiry');
    expect(post?.init?.method).toBe('POST');
    expect(new Headers(post?.init?.headers).get('X-XSRF-TOKEN')).toBe('csrf-123');
    const body = JSON.parse(String(post?.init?.body));
    expect(body).toMatchObject({
      productCode: 'SH0000001',
      name: 'Sam Buyer',
      email: 'sam@example.com',
      message: 'Is the charger included?',
      recaptchaToken: 'tok1:x7k2p',
    });
    expect(body.date).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
    for (const field of [name, email, message, captcha]) expect((field as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(captchaCount).toBe(2));
  });

  it('shows the generic notice when the server fails, keeping what was typed', async () => {
    enquiryReply = () => reply(500, { WasSuccessful: false, Value: null, Message: 'boom' });
    const { user, name, captcha, submit } = await fillIn();
    await user.click(submit);
    expect(await screen.findByText(GENERIC_ERROR_NOTICE)).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe('Sam Buyer');
    expect((captcha as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(captchaCount).toBe(2));
  });

  it("shows the server's message for a wrong captcha and loads a new picture", async () => {
    enquiryReply = () =>
      reply(400, {
        WasSuccessful: false,
        Value: null,
        Message: 'Invalid input. recaptchaToken: The characters did not match the picture. Please complete the captcha',
        FieldErrors: [
          { Field: 'recaptchaToken', Message: 'The characters did not match the picture. Please complete the captcha' },
        ],
      });
    const { user, submit } = await fillIn();
    await user.click(submit);
    expect(
      await screen.findByText('The characters did not match the picture. Please complete the captcha'),
    ).toBeTruthy();
    await waitFor(() => expect(captchaCount).toBe(2));
  });

  it("shows a 400's message as it is when the reply names no field", async () => {
    enquiryReply = () => reply(400, { WasSuccessful: false, Value: null, Message: 'Please try again in a minute' });
    const { user, submit } = await fillIn();
    await user.click(submit);
    expect(await screen.findByText('Please try again in a minute')).toBeTruthy();
  });

  it('loads a new picture on request and clears the answer', async () => {
    const { user, captcha } = await renderForm();
    await user.type(captcha, 'abc');
    await user.click(screen.getByRole('button', { name: 'New picture' }));
    expect((captcha as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(captchaCount).toBe(2));
  });
});

describe('EnquiryForm far below the fold', () => {
  it('asks for the captcha picture only once the form comes near the screen', async () => {
    const observer = stubIntersectionObserver();
    render(<EnquiryForm productCode="SH0000001" storeName="Parramatta" />);
    // Long enough for the request to have gone had it been made with the page.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(captchaCount).toBe(0);
    act(() => observer.report(true));
    await screen.findByRole('img', { name: /Security check/ });
    expect(captchaCount).toBe(1);
  });
});
