// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type Viewer, ViewerContext } from '../lib/viewer';
import { RequireViewer } from './require-viewer';

afterEach(cleanup);

function renderAccount(viewer: Viewer) {
  render(
    <ViewerContext.Provider value={viewer}>
      <MemoryRouter initialEntries={['/my-account/orders']}>
        <Routes>
          <Route path="/my-account" element={<RequireViewer />}>
            <Route path="orders" element={<h1>Order History</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </ViewerContext.Provider>,
  );
}

describe('the account area guard', () => {
  it('asks a guest to sign in and shows nothing of the account', () => {
    renderAccount({ kind: 'guest' });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Order History' })).toBeNull();
  });

  it('shows a signed-in customer the page', () => {
    renderAccount({ kind: 'customer', email: 'sam@example.com', firstName: 'Sam' });
    expect(screen.getByRole('heading', { name: 'Order History' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
  });
});
