// @vitest-environment jsdom
import {
  ADDRESS_LINE_MESSAGE,
  AU_POSTCODE_MESSAGE,
  type ProfileValue,
  type Region,
  STATE_REQUIRED_MESSAGE,
  UK_POSTCODE_MESSAGE,
} from '@shop/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { withQueryClient } from '../../../test/query-wrapper';
import { ProfileForm } from './profile-form';

const EMPTY_PROFILE: ProfileValue = {
  Email: 'ada@example.com',
  FirstName: 'Ada',
  LastName: 'Lovelace',
  PhoneNumber: '',
  BillingAddress: null,
  Consent: false,
};

let calls: RecordedCall[];

beforeEach(() => {
  calls = stubFetch({
    'POST /c3api/account/profile': (call) => envelope({ ...EMPTY_PROFILE, ...(call.body as object) }),
    'GET /c3api/whoami': () => envelope('Guest'),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderProfile(region: Region, profile: ProfileValue = EMPTY_PROFILE) {
  render(withQueryClient(<ProfileForm profile={profile} region={region} />));
  return userEvent.setup();
}

function errorOf(field: HTMLElement): string | null {
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
  return (
    ids.map((id) => document.getElementById(id)).find((el) => el?.className === 'field__error')?.textContent ?? null
  );
}

describe('ProfileForm in Australia', () => {
  it('picks the state from a list of the eight, asks no marketing consent, and shows the AU phone placeholder', () => {
    renderProfile('AU');
    const state = screen.getByRole('combobox', { name: 'State' });
    const options = Array.from((state as HTMLSelectElement).options).map((o) => o.value);
    expect(options).toEqual(['', 'ACT', 'NT', 'NSW', 'SA', 'TAS', 'QLD', 'VIC', 'WA']);
    expect(screen.queryByRole('checkbox')).toBeNull();
    const phone = screen.getByLabelText('Phone number');
    expect(phone.getAttribute('placeholder')).toBe('04XX XXX XXX');
    expect(phone.getAttribute('autocomplete')).toBe('tel');
    expect(screen.getByLabelText('Address line 1').getAttribute('autocomplete')).toBe('billing address-line1');
  });

  it("shows the e-mail address read-only: it is the account's sign-in", () => {
    renderProfile('AU');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.readOnly).toBe(true);
  });

  it('checks the address with the AU rules on submit and sends nothing until they pass', async () => {
    const user = renderProfile('AU');
    await user.type(screen.getByLabelText('Postcode'), '20a0');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(errorOf(screen.getByLabelText('Postcode'))).toBe(AU_POSTCODE_MESSAGE);
    expect(errorOf(screen.getByLabelText('Address line 1'))).toBe(ADDRESS_LINE_MESSAGE);
    expect(errorOf(screen.getByRole('combobox', { name: 'State' }))).toBe(STATE_REQUIRED_MESSAGE);
    expect(calls).toEqual([]);
  });

  it('saves valid details with Consent false and says so', async () => {
    const user = renderProfile('AU');
    await user.type(screen.getByLabelText('Phone number'), '0412 345 678');
    await user.type(screen.getByLabelText('Address line 1'), '1 George St');
    await user.type(screen.getByLabelText('Suburb'), 'Sydney');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'NSW');
    await user.type(screen.getByLabelText('Postcode'), '2000');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await screen.findByText(/Your details have been saved/);
    const body = calls.find((c) => c.url === '/c3api/account/profile')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      FirstName: 'Ada',
      PhoneNumber: '0412 345 678',
      Consent: false,
      BillingAddress: { Line1: '1 George St', Suburb: 'Sydney', State: 'NSW', PostCode: '2000', CountryCode: 'AUS' },
    });
  });
});

describe('ProfileForm in the UK', () => {
  it('types the county as free text, offers the marketing consent box, and shows the UK phone placeholder', () => {
    renderProfile('UK');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'County' })).toBeTruthy();
    expect(screen.getByRole('checkbox')).toBeTruthy();
    expect(screen.getByLabelText('Phone number').getAttribute('placeholder')).toBe('07XXX XXX XXX');
  });

  it('checks the UK postcode format', async () => {
    const user = renderProfile('UK');
    await user.type(screen.getByLabelText('Postcode'), '2000');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(errorOf(screen.getByLabelText('Postcode'))).toBe(UK_POSTCODE_MESSAGE);
  });

  it('sends the consent the customer ticked, prefilled from their profile', async () => {
    const user = renderProfile('UK', {
      ...EMPTY_PROFILE,
      PhoneNumber: '07700 900123',
      BillingAddress: {
        BusinessName: '',
        Line1: '1 High St',
        Line2: '',
        Suburb: 'Manchester',
        State: 'Greater Manchester',
        PostCode: 'M1 1AE',
        CountryCode: 'GBR',
        CountryName: 'United Kingdom',
      },
    });
    expect((screen.getByLabelText('Address line 1') as HTMLInputElement).value).toBe('1 High St');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await screen.findByText(/Your details have been saved/);
    const body = calls.find((c) => c.url === '/c3api/account/profile')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ Consent: true, BillingAddress: { PostCode: 'M1 1AE', CountryCode: 'GBR' } });
  });
});
