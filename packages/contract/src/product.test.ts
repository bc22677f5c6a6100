import { describe, expect, it } from 'vitest';
import { describeZodError } from './envelope.js';
import { EnquiryBodySchema, EnquiryFormSchema, NAME_SINGLE_LINE } from './product.js';
import { EMAIL_MESSAGE, EMAIL_SINGLE_LINE_MESSAGE, REQUIRED_MESSAGE } from './validation.js';

const form = {
  name: 'Sam Buyer',
  email: 'sam@example.com',
  message: 'Is it still available?',
  recaptchaToken: 't:ABC',
};
const body = { ...form, productCode: 'ABC123', date: '5/3/2026' };

function messagesOf(input: unknown, field: string): string[] {
  const result = EnquiryFormSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
}

describe('EnquiryFormSchema', () => {
  it('accepts a good enquiry and trims the one-line fields', () => {
    expect(EnquiryFormSchema.parse({ ...form, name: '  Sam Buyer ', email: ' sam@example.com ' })).toEqual(form);
  });

  it('refuses a name with a line break of any kind, with one shopper-friendly message', () => {
    for (const name of ['Sam\nBuyer', 'Sam\r\nBcc: x@example.com', 'Sam\rBuyer', 'Sam\n', '\nSam', 'Sam\u2028Buyer']) {
      expect(messagesOf({ ...form, name }, 'name'), JSON.stringify(name)).toEqual([NAME_SINGLE_LINE]);
    }
  });

  it('names the field in the server reply', () => {
    const result = EnquiryBodySchema.safeParse({ ...body, name: 'Sam\r\nSubject: forged' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(describeZodError(result.error)).toBe(`Invalid input. name: ${NAME_SINGLE_LINE}`);
      expect(NAME_SINGLE_LINE).toMatch(/single line/);
    }
  });

  it('calls a blank name, even one of line breaks, only required', () => {
    for (const name of ['', '   ', '\n', '\r\n \t'])
      expect(messagesOf({ ...form, name }, 'name')).toEqual([REQUIRED_MESSAGE]);
  });

  it('refuses an e-mail address with a line break, and reports nothing else about it', () => {
    for (const email of ['sam@example.com\r\nBcc: x@example.com', 'sam\n@example.com', 'sam@example.com\n']) {
      expect(messagesOf({ ...form, email }, 'email'), JSON.stringify(email)).toEqual([EMAIL_SINGLE_LINE_MESSAGE]);
    }
  });

  it('keeps the spec messages for a blank or malformed e-mail address', () => {
    expect(messagesOf({ ...form, email: '' }, 'email')).toEqual([REQUIRED_MESSAGE, EMAIL_MESSAGE]);
    expect(messagesOf({ ...form, email: 'sam' }, 'email')).toEqual([EMAIL_MESSAGE]);
  });

  it('lets the message run over many lines', () => {
    const message = 'Hello,\r\nis it still available?\n\nThanks\u2028Sam';
    expect(EnquiryFormSchema.parse({ ...form, message }).message).toBe(message);
  });

  it('keeps the name length limit', () => {
    expect(messagesOf({ ...form, name: 'a'.repeat(201) }, 'name')).toEqual([
      'Please enter a name with 200 or fewer characters.',
    ]);
    expect(messagesOf({ ...form, name: 'a'.repeat(200) }, 'name')).toEqual([]);
  });
});
