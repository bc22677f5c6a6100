// @vitest-environment jsdom
import {
  AU_PHONE_MESSAGE,
  type CheckoutViewValue,
  EMAIL_MESSAGE,
  EMAIL_TOO_LONG_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
  NO_DIGITS_MESSAGE,
  POSTCODE_REQUIRED_MESSAGE,
  REQUIRED_MESSAGE,
  type Region,
  UK_PHONE_MESSAGE,
  UK_POSTCODE_MESSAGE,
} from '@shop/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConsent } from '../../../lib/consent';
import { checkoutView, errorOf } from '../../../test/checkout-fixtures';
import { forgetConsent, giveConsent } from '../../../test/consent';
import { installDialogPolyfill } from '../../../test/dialog.js';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { withQueryClient } from '../../../test/query-wrapper';
import { CUSTOMER_STORAGE_KEY } from '../customer-details';
import { useCustomerDetails } from '../use-customer-details';
import { CONTINUE_PROMPT, DetailsStep } from './details-step';

beforeAll(() => {
  installDialogPolyfill();
});
beforeEach(() => {
  window.localStorage.clear();
  stubFetch({ 'GET /c3api/address': () => envelope([]) });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  forgetConsent();
});

function Harness(props: {
  region: Region;
  view: CheckoutViewValue;
  validateCart: () => Promise<boolean>;
  onComplete: (details: unknown) => void;
}) {
  const form = useCustomerDetails(props.region, props.view);
  return (
    <DetailsStep
      region={props.region}
      form={form}
      isGuest={props.view.CustomerDetails.IsGuestUser}
      validateCart={props.validateCart}
      onComplete={props.onComplete}
    />
  );
}

function renderStep(region: Region = 'AU', view = checkoutView(), validateCart = vi.fn(async () => true)) {
  const onComplete = vi.fn();
  const result = render(
    withQueryClient(
      <MemoryRouter>
        <Harness region={region} view={view} validateCart={validateCart} onComplete={onComplete} />
      </MemoryRouter>,
    ),
  );
  const user = vi.isFakeTimers()
    ? userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    : userEvent.setup();
  return { user, onComplete, validateCart, unmount: result.unmount };
}

const field = (label: string) => screen.getByLabelText(label);
const continueButton = () => screen.getByRole('button', { name: /^Continue/ });

async function fillValid(user: ReturnType<typeof userEvent.setup>, region: Region) {
  await user.type(field('Email Address'), 'ada@example.com');
  await user.type(field('First Name'), 'Ada');
  await user.type(field('Last Name'), 'Lovelace');
  await user.type(field('Phone Number'), region === 'AU' ? '0412 345 678' : '07911 123456');
  await user.click(screen.getByRole('button', { name: 'Enter address manually' }));
  await user.type(field('Address line 1'), region === 'AU' ? '1 Main Road' : '1 Deansgate');
  await user.type(screen.getByLabelText(/^(Suburb|Town or city)/), region === 'AU' ? 'Hobart' : 'Manchester');
  if (region === 'AU') await user.selectOptions(screen.getByRole('combobox', { name: /^State/ }), 'TAS');
  else await user.type(screen.getByLabelText(/^County/), 'Greater Manchester');
  await user.type(screen.getByLabelText(/^Postcode/), region === 'AU' ? '7000' : 'M1 1AE');
  await user.click(screen.getByRole('button', { name: 'Use this address' }));
  await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
}

describe.each(['AU', 'UK'] as const)('step 1 in %s', (region) => {
  it('shows each field its exact messages once touched, joined with ". "', async () => {
    const { user } = renderStep(region);
    const email = field('Email Address');
    await user.click(email);
    await user.tab();
    expect(errorOf(email)).toBe(REQUIRED_MESSAGE);
    await user.type(email, 'not-an-email');
    expect(errorOf(email)).toBe(EMAIL_MESSAGE);
    await user.clear(email);
    await user.type(email, `${'a'.repeat(60)}@${'b'.repeat(30)}.com`);
    expect(errorOf(email)).toBe(EMAIL_TOO_LONG_MESSAGE);
    await user.clear(email);
    await user.type(email, `${'a'.repeat(80)}@example.com`);
    expect(errorOf(email)).toBe(`${EMAIL_TOO_LONG_MESSAGE} ${EMAIL_MESSAGE}`);
    for (const label of ['First Name', 'Last Name']) {
      const name = field(label);
      await user.click(name);
      await user.tab();
      expect(errorOf(name)).toBe(REQUIRED_MESSAGE);
      await user.type(name, 'Ada 2');
      expect(errorOf(name)).toBe(NO_DIGITS_MESSAGE);
      await user.clear(name);
      await user.click(name);
      await user.paste(`${'b'.repeat(300)}7`);
      expect(errorOf(name)).toBe(`${NO_DIGITS_MESSAGE}. ${NAME_TOO_LONG_MESSAGE}`);
    }
    const phone = field('Phone Number');
    expect(phone.getAttribute('placeholder')).toBe(region === 'AU' ? '04XX XXX XXX' : '07XXX XXX XXX');
    await user.type(phone, '1234');
    await user.tab();
    expect(errorOf(phone)).toBe(region === 'AU' ? AU_PHONE_MESSAGE : UK_PHONE_MESSAGE);
    await user.clear(phone);
    await user.type(phone, region === 'AU' ? '0412 345 678' : '0791 123 4567');
    expect(errorOf(phone)).toBeNull();
  });

  it('looks disabled while invalid, but a press shows every message, focuses the first field to fix and says why', async () => {
    const { user, validateCart } = renderStep(region);
    expect(continueButton().getAttribute('aria-disabled')).toBe('true');
    await user.type(field('Email Address'), 'ada@example.com');
    await user.click(continueButton());
    expect(screen.getByText(CONTINUE_PROMPT)).toBeTruthy();
    expect(document.activeElement).toBe(field('First Name'));
    expect(errorOf(field('Last Name'))).toBe(REQUIRED_MESSAGE);
    expect(errorOf(field('Phone Number'))).toBe(REQUIRED_MESSAGE);
    expect(errorOf(screen.getByRole('combobox', { name: 'Billing Address' }))).toBe(REQUIRED_MESSAGE);
    expect(errorOf(screen.getByRole('checkbox', { name: /Terms and Conditions/ }))).toBe(REQUIRED_MESSAGE);
    expect(validateCart).not.toHaveBeenCalled();
  });

  it('asks for the address parts with the region rules after a press', async () => {
    const { user } = renderStep(region);
    await user.click(screen.getByRole('button', { name: 'Enter address manually' }));
    await user.type(field('Address line 1'), '1 Main Road');
    await user.type(screen.getByLabelText(/^Postcode/), region === 'AU' ? '70' : '70');
    await user.click(continueButton());
    expect(errorOf(screen.getByLabelText(/^Postcode/))).toBe(
      region === 'AU' ? 'Please enter a 4 digit postcode' : UK_POSTCODE_MESSAGE,
    );
    await user.clear(screen.getByLabelText(/^Postcode/));
    expect(errorOf(screen.getByLabelText(/^Postcode/))).toBe(POSTCODE_REQUIRED_MESSAGE);
  });

  it('with the six fields valid, Continue validates the cart and hands the details on', async () => {
    const { user, validateCart, onComplete } = renderStep(region);
    await fillValid(user, region);
    expect(continueButton().getAttribute('aria-disabled')).toBeNull();
    await user.click(continueButton());
    expect(validateCart).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith(
      expect.objectContaining({
        details: {
          EmailAddress: 'ada@example.com',
          FirstName: 'Ada',
          LastName: 'Lovelace',
          PhoneNumber: region === 'AU' ? '0412 345 678' : '07911 123456',
          Consent: false,
        },
        billingAddress: expect.objectContaining({ Line1: region === 'AU' ? '1 Main Road' : '1 Deansgate' }),
      }),
    );
  });

  it('stays on step 1 when the cart check sends the shopper back', async () => {
    const { user, onComplete } = renderStep(
      region,
      checkoutView(),
      vi.fn(async () => false),
    );
    await fillValid(user, region);
    await user.click(continueButton());
    expect(onComplete).not.toHaveBeenCalled();
  });
});

describe('step 1 texts by region', () => {
  it('AU: terms with the Privacy Policy and the opt-out note, no marketing consent', () => {
    renderStep('AU');
    const terms = screen.getByRole('checkbox', { name: /over 18/ });
    expect(terms.closest('.checkbox-field')?.textContent).toBe(
      'I am over 18 and I have read and agree to the Privacy Policy and the Terms and Conditions.',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/help/privacy-policy');
    expect(screen.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe(
      '/help/terms-and-conditions',
    );
    expect(screen.getByText(/opt out of marketing at any time by contacting our privacy team/)).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
  });

  it('UK: terms then over 18, and the marketing consent checkbox', () => {
    renderStep('UK');
    const terms = screen.getByRole('checkbox', { name: /Terms and Conditions/ });
    expect(terms.closest('.checkbox-field')?.textContent).toBe(
      'I have read the Terms and Conditions and I am over 18.',
    );
    expect(screen.getByRole('checkbox', { name: /news, offers and new arrivals/ })).toBeTruthy();
    expect(screen.queryByText(/privacy team/)).toBeNull();
  });

  it('explains the billing address in a modal with an Ok button', async () => {
    const { user } = renderStep('AU');
    await user.click(screen.getByRole('button', { name: 'Why do I need to supply a billing address?' }));
    const dialog = screen.getByRole('dialog', { name: 'Billing Address' });
    expect(dialog.textContent).toMatch(
      /Second-Hand Dealer's Licence in some states requires us to record the purchaser's address/,
    );
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(dialog.hasAttribute('open')).toBe(false);
  });

  it('invites a guest to Login/Register and back to /checkout/', () => {
    renderStep('AU');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login?returnUrl=/checkout/');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register?returnUrl=/checkout/');
  });
});

describe('details kept in the browser', () => {
  it('writes 1000 ms after the last change, never Consent or Terms, and restores them on return', async () => {
    giveConsent('accepted');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // fireEvent, not userEvent: Testing Library's async wrapper waits on a real timer.
    const first = renderStep('UK');
    fireEvent.change(field('Email Address'), { target: { value: 'ada@example.com' } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    fireEvent.change(field('First Name'), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /news, offers/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(window.localStorage.getItem(CUSTOMER_STORAGE_KEY)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const stored = JSON.parse(window.localStorage.getItem(CUSTOMER_STORAGE_KEY) ?? '{}');
    expect(stored).toMatchObject({ EmailAddress: 'ada@example.com', FirstName: 'Ada', LastName: '' });
    expect(stored).not.toHaveProperty('Consent');
    expect(stored).not.toHaveProperty('TermsAndConditions');
    first.unmount();

    renderStep('UK');
    expect((field('Email Address') as HTMLInputElement).value).toBe('ada@example.com');
    expect((field('First Name') as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByRole('checkbox', { name: /news, offers/ }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: /Terms and Conditions/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('writes nothing before the visitor accepts cookies, and keeps what was typed once they do', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const first = renderStep('AU');
    fireEvent.change(field('Email Address'), { target: { value: 'ada@example.com' } });
    fireEvent.change(field('First Name'), { target: { value: 'Ada' } });
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(window.localStorage.getItem(CUSTOMER_STORAGE_KEY)).toBeNull();
    fireEvent.change(field('Last Name'), { target: { value: 'Lovelace' } });
    first.unmount();
    // Not even the write the page makes as it goes.
    expect(window.localStorage.getItem(CUSTOMER_STORAGE_KEY)).toBeNull();

    const second = renderStep('AU');
    expect((field('Email Address') as HTMLInputElement).value).toBe('');
    fireEvent.change(field('Email Address'), { target: { value: 'grace@example.com' } });
    fireEvent.change(field('First Name'), { target: { value: 'Grace' } });
    act(() => setConsent('accepted'));
    expect(JSON.parse(window.localStorage.getItem(CUSTOMER_STORAGE_KEY) ?? '{}')).toMatchObject({
      EmailAddress: 'grace@example.com',
      FirstName: 'Grace',
    });
    fireEvent.change(field('Last Name'), { target: { value: 'Hopper' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(JSON.parse(window.localStorage.getItem(CUSTOMER_STORAGE_KEY) ?? '{}')).toMatchObject({ LastName: 'Hopper' });
    second.unmount();
  });

  it("fills a signed-in customer's details from their profile, marked valid, without the login prompt", async () => {
    const view = checkoutView(undefined, {
      CustomerDetails: {
        IsGuestUser: false,
        EmailAddress: 'grace@example.com',
        FirstName: 'Grace',
        LastName: 'Hopper',
        PhoneNumber: '0412 345 678',
        BillingAddress: {
          BusinessName: '',
          Line1: '1 Main Road',
          Line2: '',
          Suburb: 'Hobart',
          State: 'TAS',
          PostCode: '7000',
          CountryCode: 'AUS',
          CountryName: 'Australia',
        },
        Consent: false,
      },
    });
    const { user } = renderStep('AU', view);
    expect((field('Email Address') as HTMLInputElement).value).toBe('grace@example.com');
    expect((field('Last Name') as HTMLInputElement).value).toBe('Hopper');
    expect(screen.getByText('Hobart TAS 7000')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    for (const label of ['Email Address', 'First Name', 'Last Name', 'Phone Number']) {
      expect(field(label).getAttribute('aria-invalid')).toBeNull();
    }
    await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    expect(continueButton().getAttribute('aria-disabled')).toBeNull();
  });
});
