// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORDS_DIFFER_MESSAGE } from '../../features/account/components/reset-password-form';
import { envelope, stubFetch } from '../../test/fetch-stub';
import { withQueryClient } from '../../test/query-wrapper';
import { ResetPasswordPage, resetTokenFrom } from './reset-password-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  render(
    withQueryClient(
      <MemoryRouter>
        <ResetPasswordPage />
      </MemoryRouter>,
    ),
  );
}

describe('/reset-password', () => {
  it('reads the token from the fragment only', () => {
    expect(resetTokenFrom('#token=abc-123')).toBe('abc-123');
    expect(resetTokenFrom('')).toBeNull();
    expect(resetTokenFrom('#other=1')).toBeNull();
  });

  it('takes the token out of the address bar once read, and sends it with the new password', async () => {
    const calls = stubFetch({
      'POST /c3api/account/password/reset': () => envelope({ Message: 'Your password has been changed.' }),
    });
    renderAt('/reset-password#token=secret-token');
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/reset-password');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'a long private phrase');
    await user.type(screen.getByLabelText('New password again'), 'a long private phrase');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await screen.findByText('Your password has been changed.');
    expect(calls[0]?.body).toEqual({ Token: 'secret-token', Password: 'a long private phrase' });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('says so when the two passwords differ, and sends nothing', async () => {
    const calls = stubFetch({});
    renderAt('/reset-password#token=t');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'a long private phrase');
    await user.type(screen.getByLabelText('New password again'), 'a long private phrasf');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByText(PASSWORDS_DIFFER_MESSAGE)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('explains what to do when opened without a token', () => {
    renderAt('/reset-password');
    expect(screen.getByRole('alert').textContent).toContain('password reset email');
    expect(screen.getByRole('link', { name: 'ask for a new one' }).getAttribute('href')).toBe('/forgot-password');
  });
});
