import { describe, expect, it } from 'vitest';
import { newPassword } from './account.js';
import { greetingName, safeReturnPath } from './account-paths.js';
import { addressSchema, emailField, isValidRegionPhone, personName } from './customer.js';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join('.') || '-'}: ${i.message}`);

describe('customer rules (checkout.md section 5)', () => {
  it('takes real Australian mobiles and landlines, and 9-12 digits in the UK', () => {
    for (const ok of ['0412 345 678', '0412345678', '(02) 9876 5432', '+61 412 345 678', '08 9335 1234']) {
      expect(isValidRegionPhone('AU', ok), ok).toBe(true);
    }
    for (const bad of ['12345', '0000 000 000', '0412 345', '04123456789', 'phone me']) {
      expect(isValidRegionPhone('AU', bad), bad).toBe(false);
    }
    expect(isValidRegionPhone('UK', '07700 900123')).toBe(true);
    expect(isValidRegionPhone('UK', '123456789')).toBe(true);
    expect(isValidRegionPhone('UK', '12345678')).toBe(false);
    expect(isValidRegionPhone('UK', '1234567890123')).toBe(false);
  });

  it('names: required, no digits, fewer than 256 characters, messages joined per field', () => {
    expect(messages(personName().safeParse('  '))).toEqual(['-: This field is required']);
    expect(messages(personName().safeParse('R2D2'))).toEqual(['-: Please remove any digits']);
    expect(messages(personName().safeParse('x'.repeat(256)))).toEqual([
      '-: Please ensure you enter less than 256 characters',
    ]);
    expect(personName().parse('  Ada ')).toBe('Ada');
  });

  it('e-mail: required, at most 83 characters, valid', () => {
    expect(messages(emailField().safeParse(''))).toEqual(['-: This field is required']);
    expect(messages(emailField().safeParse(`${'a'.repeat(60)}@${'b'.repeat(20)}.com`))).toEqual([
      '-: Please provide an email address with 83 or fewer characters.',
    ]);
    expect(messages(emailField().safeParse('no-at-sign'))).toEqual(['-: Please enter a valid email address']);
  });

  it('AU address: one of the lines, suburb, a state of the select, a 4-digit postcode', () => {
    const au = addressSchema('AU');
    expect(messages(au.safeParse({ Line1: '', Line2: '', Suburb: '', State: '', PostCode: '' }))).toEqual([
      'Suburb: Suburb field is required',
      'State: State field is required',
      'PostCode: Postcode field is required',
      'Line1: Please enter an address into either Line 1 or Line 2',
    ]);
    expect(messages(au.safeParse({ Line1: '', Line2: '', Suburb: 'Perth', State: 'WA', PostCode: '6000' }))).toEqual([
      'Line1: Please enter an address into either Line 1 or Line 2',
    ]);
    expect(messages(au.safeParse({ Line1: '1 A St', Suburb: 'Perth', State: 'Texas', PostCode: '600' }))).toEqual([
      'State: State field is required',
      'PostCode: Please enter a 4 digit postcode',
    ]);
    expect(au.parse({ Line2: 'Unit 1', Suburb: 'Perth', State: 'wa', PostCode: '6000' })).toMatchObject({
      Line1: '',
      State: 'WA',
      CountryCode: 'AUS',
      CountryName: 'Australia',
    });
    expect(messages(au.safeParse({ Line1: 'x'.repeat(82), Suburb: 'Perth', State: 'WA', PostCode: '6000' }))).toEqual([
      'Line1: Please ensure you enter 81 or fewer characters',
    ]);
  });

  it('UK address: free-text county, a postcode like M1 1AE, shorter lines', () => {
    const uk = addressSchema('UK');
    expect(
      uk.parse({ Line1: '1 High St', Suburb: 'Leeds', State: 'West Yorkshire', PostCode: 'ls1 4dt' }),
    ).toMatchObject({
      PostCode: 'LS1 4DT',
      CountryCode: 'GBR',
    });
    expect(messages(uk.safeParse({ Line1: '1 High St', Suburb: 'Leeds', State: 'W', PostCode: '6160' }))).toEqual([
      'PostCode: Please ensure that you have entered your postcode in the correct format e.g. M1 1AE',
    ]);
    expect(messages(uk.safeParse({ Line1: 'x'.repeat(52), Suburb: 'Leeds', State: 'W', PostCode: 'M1 1AE' }))).toEqual([
      'Line1: Please ensure you enter 51 or fewer characters',
    ]);
  });
});

describe('account helpers', () => {
  it('greets with at most 14 characters: the first 13 and an ellipsis', () => {
    expect(greetingName('Alexandrinaaa')).toBe('Alexandrinaaa');
    expect(greetingName('Alexandrinaaaa')).toBe('Alexandrinaaaa');
    expect(greetingName('Alexandrinaaaab')).toBe('Alexandrinaaa…');
  });

  it('returns only to a path of this site, never to the sign-in pages or another site', () => {
    expect(safeReturnPath('/search-results?query=lamp')).toBe('/search-results?query=lamp');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', '/login?x=1', '', null]) {
      expect(safeReturnPath(bad), String(bad)).toBe('/my-account');
    }
  });

  it('new passwords: 8 to 128 characters', () => {
    expect(newPassword().safeParse('1234567').success).toBe(false);
    expect(newPassword().safeParse('12345678').success).toBe(true);
    expect(newPassword().safeParse('x'.repeat(129)).success).toBe(false);
  });
});

describe('joining a field’s messages', () => {
  it('joins with ". " without doubling a full stop', async () => {
    const { joinFieldErrors } = await import('./validation.js');
    expect(
      joinFieldErrors([
        'Please provide an email address with 83 or fewer characters.',
        'Please enter a valid email address',
      ]),
    ).toBe('Please provide an email address with 83 or fewer characters. Please enter a valid email address');
    expect(joinFieldErrors(['This field is required'])).toBe('This field is required');
  });
});
