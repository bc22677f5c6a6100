// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../test/fetch-stub';
import { withQueryClient } from '../test/query-wrapper';
import { RequireViewer } from './require-viewer';
import { ViewerProvider } from './viewer-provider';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function LoginProbe() {
  const location = useLocation();
  return <h1>Sign in to {new URLSearchParams(location.search).get('returnUrl')}</h1>;
}

/** whoami answers only when the test says so. */
function deferredWhoami() {
  let answer: (value: unknown) => void = () => {};
  const reply = new Promise<Response>((resolve) => {
    answer = (value) => resolve(envelope(value));
  });
  stubFetch({ 'GET /c3api/whoami': () => reply });
  return answer;
}

function renderAccountPage() {
  render(
    withQueryClient(
      <ViewerProvider>
        <MemoryRouter initialEntries={['/my-account/passkeys']}>
          <Routes>
            <Route path="/login" element={<LoginProbe />} />
            <Route path="/my-account" element={<RequireViewer />}>
              <Route path="passkeys" element={<h1>Passkeys</h1>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </ViewerProvider>,
    ),
  );
}

describe('the viewer from whoami, at the account guard', () => {
  it('decides nothing until whoami answers, then sends a guest (a plain string) to sign in', async () => {
    const answer = deferredWhoami();
    renderAccountPage();
    expect(screen.getByRole('status').textContent).toContain('Checking your account');
    expect(screen.queryByRole('heading')).toBeNull();
    answer('Guest');
    expect(await screen.findByRole('heading', { name: 'Sign in to /my-account/passkeys' })).toBeTruthy();
  });

  it('shows the page to a signed-in customer', async () => {
    const answer = deferredWhoami();
    renderAccountPage();
    answer({ Email: 'ada@example.com', FirstName: 'Ada', LastName: 'Lovelace', IsGuestUser: false });
    expect(await screen.findByRole('heading', { name: 'Passkeys' })).toBeTruthy();
  });
});
