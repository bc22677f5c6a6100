import { describe, expect, it } from 'vitest';
import { AlertEmailFormSchema, SavedSearchFormSchema, verificationCodeInput } from './saved-search-form.js';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${String(issue.path[0])}: ${issue.message}`);

describe('saved-search form rules (account.md 5)', () => {
  it('accepts a title, an address and each frequency, trimmed', () => {
    for (const frequency of ['0', '1', '2', '3', '4']) {
      const result = SavedSearchFormSchema.safeParse({ title: '  Phones ', email: ' ada@example.com ', frequency });
      expect(result.success).toBe(true);
      expect(result.data).toEqual({ title: 'Phones', email: 'ada@example.com', frequency });
    }
  });

  it('gives the spec messages', () => {
    expect(messages(SavedSearchFormSchema.safeParse({ title: '   ', email: '', frequency: '' }))).toEqual([
      'title: This field is required',
      'email: This field is required',
      'frequency: This field is required',
    ]);
    expect(
      messages(SavedSearchFormSchema.safeParse({ title: 'x'.repeat(257), email: 'nope', frequency: '5' })),
    ).toEqual([
      'title: Please provide a name with 256 or fewer characters.',
      'email: Please enter a valid email address',
      'frequency: This field is required',
    ]);
    expect(SavedSearchFormSchema.safeParse({ title: 'x'.repeat(256), email: 'a@b.co', frequency: '0' }).success).toBe(
      true,
    );
  });

  it('limits the alert e-mail to 83 characters', () => {
    const long = `${'a'.repeat(60)}@${'b'.repeat(19)}.com`;
    expect(long).toHaveLength(84);
    expect(messages(AlertEmailFormSchema.safeParse({ email: long }))).toEqual([
      'email: Please provide an email address with 83 or fewer characters.',
    ]);
    expect(AlertEmailFormSchema.safeParse({ email: long.slice(1) }).success).toBe(true);
  });

  it('keeps digits only, at most six, in the code box', () => {
    expect(verificationCodeInput('12 34-56 78')).toBe('123456');
    expect(verificationCodeInput('abc')).toBe('');
  });
});
