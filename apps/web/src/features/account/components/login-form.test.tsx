// @vitest-environment jsdom
import {
  EMAIL_MESSAGE,
  EMAIL_TOO_LONG_MESSAGE,
  GUEST_WHOAMI,
  REQUIRED_MESSAGE,
  SIGN_IN_FAILED_MESSAGE,
} from '@shop/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetWishlistToken, keepWishlistToken, wishlistToken } from '../../../lib/wishlist';
import { forgetConsent, giveConsent } from '../../../test/consent';
import { envelope, type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { withQueryClient } from '../../../test/query-wrapper';
import { LoginForm } from './login-form';

const ADA = { Email: 'ada@example.com', FirstName: 'Ada', LastName: 'Lovelace', IsGuestUser: false };
const MERGED = { Summary: ['SH1'], ViewModel: { Items: [], SortOptions: [], TotalItems: 1, PageSize: 24 } };

let loginReply: () => Response;
let mergeReply: () => Response;
let calls: RecordedCall[];

beforeEach(() => {
  giveConsent('accepted');
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
  document.cookie = 'XSRF-TOKEN=csrf-1';
  forgetWishlistToken();
  loginReply = () => envelope(ADA);
  mergeReply = () => envelope({ Token: null, ExpiryDate: null, Data: MERGED });
  calls = stubFetch({
    'POST /c3api/account/login': () => loginReply(),
    'GET /c3api/wishlist/merge': () => mergeReply(),
    'GET /c3api/whoami': () => envelope(GUEST_WHOAMI),
  });
});

afterEach(() => {
  forgetConsent();
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function renderLogin() {
  const onSignedIn = vi.fn();
  render(
    withQueryClient(
      <MemoryRouter>
        <LoginForm onSignedIn={onSignedIn} registerPath="/register" />
      </MemoryRouter>,
    ),
  );
  return {
    user: userEvent.setup(),
    onSignedIn,
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Sign in' }),
  };
}

/** The field's error text, found the way a screen reader finds it: through aria-describedby. */
function errorOf(field: HTMLElement): string | null {
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const id = field.getAttribute('aria-describedby') ?? '';
  return document.getElementById(id)?.textContent ?? null;
}

describe('LoginForm validation', () => {
  it('says both fields are required on an empty submit, focuses the first, and sends nothing', async () => {
    const { user, email, password, submit } = renderLogin();
    await user.click(submit);
    expect(errorOf(email)).toBe(REQUIRED_MESSAGE);
    expect(errorOf(password)).toBe(REQUIRED_MESSAGE);
    expect(document.activeElement).toBe(email);
    expect(calls).toEqual([]);
  });

  it('uses the contract messages for a bad and an over-long e-mail address', async () => {
    const { user, email } = renderLogin();
    await user.type(email, 'not-an-address');
    await user.tab();
    expect(errorOf(email)).toBe(EMAIL_MESSAGE);
    await user.clear(email);
    // Well formed, but 93 characters.
    await user.type(email, `${'a'.repeat(60)}@${'b'.repeat(20)}.example.com`);
    expect(errorOf(email)).toBe(EMAIL_TOO_LONG_MESSAGE);
  });

  it('does not tell the shopper off while the address is still being typed', async () => {
    const { user, email } = renderLogin();
    await user.type(email, 'ada@');
    expect(errorOf(email)).toBeNull();
  });

  it('labels its fields for the browser and password managers', () => {
    const { email, password } = renderLogin();
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(password.getAttribute('type')).toBe('password');
  });
});

describe('LoginForm submit', () => {
  it('signs in, merges the guest wishlist with the anti-forgery header, then forgets the token', async () => {
    keepWishlistToken({ Token: 'guest-token-1', ExpiryDate: '2099-01-01T00:00:00Z' });
    const { user, email, password, submit, onSignedIn } = renderLogin();
    await user.type(email, ' ada@example.com ');
    await user.type(password, 'a long private phrase');
    await user.click(submit);
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(ADA));

    const login = calls.findIndex((c) => c.url === '/c3api/account/login');
    const merge = calls.findIndex((c) => c.url.startsWith('/c3api/wishlist/merge'));
    expect(calls[login]?.body).toEqual({ Email: 'ada@example.com', Password: 'a long private phrase' });
    expect(merge).toBeGreaterThan(login);
    expect(calls[merge]?.url).toBe('/c3api/wishlist/merge?token=guest-token-1');
    expect(calls[merge]?.headers['X-XSRF-TOKEN']).toBe('csrf-1');
    expect(wishlistToken()).toBeNull();
    expect(window.localStorage.getItem('wishlist-token')).toBeNull();
  });

  it('skips the merge when the browser holds no guest wishlist', async () => {
    const { user, email, password, submit, onSignedIn } = renderLogin();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'secret-phrase');
    await user.click(submit);
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls.some((c) => c.url.includes('/wishlist/merge'))).toBe(false);
  });

  it('keeps the guest token when the merge fails, so the next sign-in can try again', async () => {
    keepWishlistToken({ Token: 'guest-token-2', ExpiryDate: '2099-01-01T00:00:00Z' });
    mergeReply = () => envelope(null, 500, 'Something broke');
    const { user, email, password, submit, onSignedIn } = renderLogin();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'secret-phrase');
    await user.click(submit);
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(wishlistToken()).toBe('guest-token-2');
  });

  it("shows the server's message for a refused sign-in and for throttling, and stays on the form", async () => {
    loginReply = () => envelope(null, 400, SIGN_IN_FAILED_MESSAGE);
    const { user, email, password, submit, onSignedIn } = renderLogin();
    await user.type(email, 'ada@example.com');
    await user.type(password, 'wrong');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_FAILED_MESSAGE);
    loginReply = () => envelope(null, 429, 'Too many attempts. Please try again in 15 minutes.');
    await user.click(submit);
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Please try again in 15 minutes.'),
    );
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
