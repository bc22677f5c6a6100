// @vitest-environment jsdom
import { INVITATION_INVALID_MESSAGE, INVITATION_OTHER_EMAIL_MESSAGE } from '@shop/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUEST, type Viewer, ViewerContext } from '../../../lib/viewer';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { withQueryClient } from '../../../test/query-wrapper';
import { InvitationPage } from './invitation-page';

const TOKEN = 'A'.repeat(40) + '_-9';
const ME = { Email: 'new@example.com', Role: 'store_staff', Stores: [{ Id: 3, Name: 'Orange', Region: 'AU' }] };

function renderAt(url: string, viewer: Viewer = GUEST) {
  window.history.replaceState(null, '', url);
  return render(
    withQueryClient(
      <ViewerContext.Provider value={viewer}>
        <MemoryRouter initialEntries={['/store-console/invitation']}>
          <Routes>
            <Route path="/store-console/invitation" element={<InvitationPage />} />
            <Route path="/store-console" element={<h1>Console home</h1>} />
          </Routes>
        </MemoryRouter>
      </ViewerContext.Provider>,
    ),
  );
}

beforeEach(() => window.sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Store console invitation page', () => {
  it('takes the token out of the address, and a guest registers with it and lands in the console', async () => {
    const calls = stubFetch({
      'POST /c3api/console/invitations/register': () => envelope(ME),
      'GET /c3api/whoami': () => envelope(null),
    });
    renderAt(`/store-console/invitation#token=${TOKEN}`);
    await screen.findByRole('heading', { level: 2, name: 'Create your account' });
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain(TOKEN);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?returnUrl=%2Fstore-console%2Finvitation',
    );

    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Nell' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Staff' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and accept' }));
    expect(await screen.findByText(/at least 8 characters/i, { selector: '.field__error' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long pass phrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and accept' }));
    await screen.findByRole('heading', { level: 1, name: 'Console home' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      Token: TOKEN,
      FirstName: 'Nell',
      LastName: 'Staff',
      Password: 'a long pass phrase',
    });
    expect(window.sessionStorage.length).toBe(0);
  });

  it('keeps the token for a guest who signs in first, and the customer accepts it with one button', async () => {
    stubFetch({});
    renderAt(`/store-console/invitation?token=${TOKEN}`);
    await screen.findByRole('heading', { level: 2, name: 'Create your account' });
    expect(window.location.search).toBe('');
    cleanup();

    const calls = stubFetch({ 'POST /c3api/console/invitations/accept': () => envelope(ME) });
    renderAt('/store-console/invitation', {
      kind: 'customer',
      email: 'new@example.com',
      firstName: 'N',
      lastName: 'S',
    });
    expect(await screen.findByText('new@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    await screen.findByRole('heading', { level: 1, name: 'Console home' });
    expect(calls[0]?.body).toEqual({ Token: TOKEN });
  });

  it('says so when the link is for another address, used or expired, or missing', async () => {
    stubFetch({ 'POST /c3api/console/invitations/accept': () => envelope(null, 403, INVITATION_OTHER_EMAIL_MESSAGE) });
    renderAt(`/store-console/invitation#token=${TOKEN}`, {
      kind: 'customer',
      email: 'other@example.com',
      firstName: 'O',
      lastName: 'T',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    expect((await screen.findByRole('alert')).textContent).toContain(INVITATION_OTHER_EMAIL_MESSAGE);
    expect(screen.getByRole('link', { name: 'Sign out' })).toBeTruthy();
    cleanup();

    stubFetch({ 'POST /c3api/console/invitations/register': () => envelope(null, 404, INVITATION_INVALID_MESSAGE) });
    renderAt(`/store-console/invitation#token=${TOKEN}`);
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Nell' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Staff' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long pass phrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and accept' }));
    expect((await screen.findByRole('alert')).textContent).toContain(INVITATION_INVALID_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Create account and accept' })).toBeNull();
    cleanup();

    stubFetch({});
    renderAt('/store-console/invitation');
    expect((await screen.findByRole('alert')).textContent).toContain('needs the link from your invitation e-mail');
  });
});
