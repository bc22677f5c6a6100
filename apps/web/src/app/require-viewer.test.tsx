// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type Viewer, ViewerContext } from '../lib/viewer';
import { RequireViewer } from './require-viewer';

afterEach(cleanup);

/** The sign-in page as the router reaches it: shows where it was asked to return, and a Back button. */
function LoginProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <h1>Sign in</h1>
      <p data-testid="return">{new URLSearchParams(location.search).get('returnUrl')}</p>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

function renderAccount(viewer: Viewer, at = '/my-account/orders?page=2') {
  return render(
    <ViewerContext.Provider value={viewer}>
      <MemoryRouter initialEntries={['/', at]} initialIndex={1}>
        <Routes>
          <Route path="/" element={<h1>Home</h1>} />
          <Route path="/login" element={<LoginProbe />} />
          <Route path="/my-account" element={<RequireViewer />}>
            <Route path="orders" element={<h1>Order History</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </ViewerContext.Provider>,
  );
}

describe('the account area guard', () => {
  it('sends a guest to /login with the page to come back to, and shows nothing of the account', () => {
    renderAccount({ kind: 'guest' });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByTestId('return').textContent).toBe('/my-account/orders?page=2');
    expect(screen.queryByRole('heading', { name: 'Order History' })).toBeNull();
  });

  it('replaces the account entry rather than pushing: Back leaves the account area', () => {
    renderAccount({ kind: 'guest' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    // A push would go Back to the account page, which sends the guest straight to /login again.
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('waits while whoami is loading: no redirect, no account content', () => {
    renderAccount({ kind: 'loading' });
    expect(screen.getByRole('status').textContent).toContain('Checking your account');
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Order History' })).toBeNull();
  });

  it('shows a signed-in customer the page', () => {
    renderAccount({ kind: 'customer', email: 'sam@example.com', firstName: 'Sam', lastName: 'Lee' });
    expect(screen.getByRole('heading', { name: 'Order History' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
  });
});
