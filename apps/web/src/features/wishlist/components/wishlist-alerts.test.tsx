// @vitest-environment jsdom
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUEST, type Viewer, ViewerContext } from '../../../lib/viewer';
import { installDialogPolyfill } from '../../../test/dialog.js';
import { type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { resetAlertsTooltipForTests, WishlistAlerts } from './wishlist-alerts';

configure({ asyncUtilTimeout: 5000 });

const CUSTOMER: Viewer = { kind: 'customer', email: 'ada@example.com', firstName: 'Ada', lastName: 'L' };

function reply(wasSuccessful: boolean, value: unknown, message: string | null = null): Response {
  return new Response(JSON.stringify({ WasSuccessful: wasSuccessful, Value: value, Message: message }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

const on = (email: string, showWelcome: boolean) =>
  reply(true, {
    EmailVerificationError: null,
    TimeUntilUserCanReattempt: null,
    AlertEnabled: true,
    AlertEmail: email,
    ShowWelcome: showWelcome,
  });

function Harness({ initial, onError }: { initial: boolean; onError: (error: unknown) => void }) {
  const [enabled, setEnabled] = useState(initial);
  return <WishlistAlerts wishlistId={42} enabled={enabled} onChange={setEnabled} onError={onError} />;
}

function renderAlerts(viewer: Viewer, initial = false) {
  const onError = vi.fn();
  render(
    <ViewerContext.Provider value={viewer}>
      <MemoryRouter initialEntries={['/wishlist']}>
        <Harness initial={initial} onError={onError} />
      </MemoryRouter>
    </ViewerContext.Provider>,
  );
  return { onError, toggle: () => screen.getByRole('switch', { name: 'Alerts' }) };
}

const toggles = (calls: RecordedCall[]) =>
  calls.filter((c) => c.url === '/c3api/wishlistalert/toggle').map((c) => c.body);

beforeEach(() => {
  window.localStorage.clear();
  resetAlertsTooltipForTests();
  installDialogPolyfill();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the wishlist Alerts switch', () => {
  it('asks a visitor to log in or register', async () => {
    const user = userEvent.setup();
    const calls = stubFetch({});
    const { toggle } = renderAlerts(GUEST);
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    await user.click(toggle());
    const dialog = screen.getByRole('dialog', { name: 'Wishlist Alerts' });
    expect(within(dialog).getByText('To enable wishlist alerts, please login or register')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Login / Register' }).getAttribute('href')).toBe(
      '/login?returnUrl=%2Fwishlist',
    );
    expect(calls).toEqual([]);
    expect(toggle().getAttribute('aria-checked')).toBe('false');
  });

  it('turns on with a code, welcomes the first time, then shows the tooltip once', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const calls = stubFetch({
      'POST /c3api/wishlistalert/toggle': () => {
        tries += 1;
        if (tries === 1) return reply(false, { EmailVerificationError: 3, TimeUntilUserCanReattempt: null });
        return on('ada@example.com', true);
      },
    });
    const { toggle } = renderAlerts(CUSTOMER);
    await user.click(toggle());
    const form = screen.getByRole('dialog', { name: 'Wishlist Alerts' });
    expect((within(form).getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('ada@example.com');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    const code = await within(form).findByRole('textbox', { name: 'Verification code' });
    await user.type(code, 'x1234567');
    expect((code as HTMLInputElement).value).toBe('123456');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    const welcome = await screen.findByRole('dialog', { name: 'Welcome to Wishlist Alerts!' });
    expect(within(welcome).getByText('ada@example.com')).toBeTruthy();
    expect(toggles(calls)).toEqual([
      { WishlistId: 42, AlertEnabled: true, Email: 'ada@example.com', VerificationCode: null },
      { WishlistId: 42, AlertEnabled: true, Email: 'ada@example.com', VerificationCode: '123456' },
    ]);
    expect(toggle().getAttribute('aria-checked')).toBe('true');
    await user.click(within(welcome).getByRole('button', { name: 'Continue' }));
    const tip = screen.getByText('You can manage your Wishlist Alerts here');
    expect(tip).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByText('You can manage your Wishlist Alerts here')).toBeNull();
  });

  it('checks the e-mail with the spec messages before sending', async () => {
    const user = userEvent.setup();
    const calls = stubFetch({});
    const { toggle } = renderAlerts(CUSTOMER);
    await user.click(toggle());
    const form = screen.getByRole('dialog', { name: 'Wishlist Alerts' });
    const email = within(form).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    expect(within(form).getByText('This field is required')).toBeTruthy();
    await user.type(email, 'ada@');
    expect(within(form).getByText('Please enter a valid email address')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(calls).toEqual([]);
  });

  it('shows the error notice above the form when turning on fails', async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /c3api/wishlistalert/toggle': () => reply(false, null, 'nope') });
    const { toggle } = renderAlerts(CUSTOMER);
    await user.click(toggle());
    const form = screen.getByRole('dialog', { name: 'Wishlist Alerts' });
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Sorry, an error has occurred, please try again soon.',
    );
    expect(toggle().getAttribute('aria-checked')).toBe('false');
  });

  it('confirms without the welcome or tooltip when alerts were on before', async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /c3api/wishlistalert/toggle': () => on('ada@example.com', false) });
    const { toggle } = renderAlerts(CUSTOMER);
    await user.click(toggle());
    await user.click(
      within(screen.getByRole('dialog', { name: 'Wishlist Alerts' })).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('true'));
    expect(screen.queryByRole('dialog', { name: 'Welcome to Wishlist Alerts!' })).toBeNull();
    const confirmed = screen.getByRole('dialog', { name: 'Wishlist Alerts' });
    expect(within(confirmed).getByText(/Wishlist alerts are on/)).toBeTruthy();
    await user.click(within(confirmed).getByRole('button', { name: 'OK' }));
    expect(screen.queryByText('You can manage your Wishlist Alerts here')).toBeNull();
  });

  it('does not show the tooltip a second time', async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /c3api/wishlistalert/toggle': () => on('ada@example.com', true) });
    for (const round of [1, 2]) {
      const { toggle } = renderAlerts(CUSTOMER);
      await user.click(toggle());
      await user.click(
        within(screen.getByRole('dialog', { name: 'Wishlist Alerts' })).getByRole('button', { name: 'Confirm' }),
      );
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Welcome to Wishlist Alerts!' })).getByRole('button', {
          name: 'Continue',
        }),
      );
      if (round === 1) await user.click(screen.getByRole('button', { name: 'OK' }));
      else expect(screen.queryByText('You can manage your Wishlist Alerts here')).toBeNull();
      cleanup();
    }
  });

  it('turns off at once, and reports a failure to the page', async () => {
    const user = userEvent.setup();
    let ok = true;
    const calls = stubFetch({
      'POST /c3api/wishlistalert/toggle': () => reply(ok, ok ? { AlertEnabled: false } : null),
    });
    const { toggle, onError } = renderAlerts(CUSTOMER, true);
    await user.click(toggle());
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('false'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggles(calls)).toEqual([{ WishlistId: 42, AlertEnabled: false, Email: null, VerificationCode: null }]);
    cleanup();
    ok = false;
    const second = renderAlerts(CUSTOMER, true);
    await user.click(second.toggle());
    await waitFor(() => expect(second.onError).toHaveBeenCalledTimes(1));
    expect(second.toggle().getAttribute('aria-checked')).toBe('true');
    expect(onError).not.toHaveBeenCalled();
  });
});
