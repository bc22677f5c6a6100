import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './constants.js';
import { AUSTRALIAN_STATES, REGION_INFO, type Region } from './regions.js';
import { EMAIL_MESSAGE, isSingleLine, isValidEmail, REQUIRED_MESSAGE } from './validation.js';

/**
 * The spec's customer and address rules (checkout.md section 5) for each region, with their exact
 * messages: the account profile, registration and (next) the checkout's first step all use these.
 */

export const EMAIL_TOO_LONG_MESSAGE = 'Please provide an email address with 83 or fewer characters.';
export const NO_DIGITS_MESSAGE = 'Please remove any digits';
const NAME_MAX_LENGTH = 256;
export const NAME_TOO_LONG_MESSAGE = 'Please ensure you enter less than 256 characters';
export const AU_PHONE_MESSAGE = 'Please enter a valid Australian phone number';
export const UK_PHONE_MESSAGE = 'Please enter a valid phone number (9-12 digits)';
export const ADDRESS_LINE_MESSAGE = 'Please enter an address into either Line 1 or Line 2';
export const SUBURB_REQUIRED_MESSAGE = 'Suburb field is required';
export const STATE_REQUIRED_MESSAGE = 'State field is required';
export const POSTCODE_REQUIRED_MESSAGE = 'Postcode field is required';
export const AU_POSTCODE_MESSAGE = 'Please enter a 4 digit postcode';
export const UK_POSTCODE_MESSAGE =
  'Please ensure that you have entered your postcode in the correct format e.g. M1 1AE';
const SINGLE_LINE_MESSAGE = 'Please enter this on a single line';

/** Phone placeholders per region (checkout.md section 2). */
export const PHONE_PLACEHOLDER: Record<Region, string> = { AU: '04XX XXX XXX', UK: '07XXX XXX XXX' };

/** "at most N characters": the spec's maxLength, with its message. */
function maxLengthMessage(max: number): string {
  return `Please ensure you enter ${max} or fewer characters`;
}

/** The region's three-letter country code (the address's CountryCode default). */
export const COUNTRY_CODE: Record<Region, 'AUS' | 'GBR'> = { AU: 'AUS', UK: 'GBR' };

/** A rule on a non-blank value: the message to show when `passes` is false. */
type Rule = [passes: (value: string) => boolean, message: string];

/**
 * A trimmed text field: blank gives only `required`; otherwise every failing rule adds its
 * message (the form joins them with '. '), in the spec's order.
 */
/* @__NO_SIDE_EFFECTS__ */
function checkedText(required: string, rules: Rule[]) {
  return z
    .string({ message: required })
    .trim()
    .superRefine((value, context) => {
      if (value === '') {
        context.addIssue({ code: 'custom', message: required });
        return;
      }
      for (const [passes, message] of rules) if (!passes(value)) context.addIssue({ code: 'custom', message });
    });
}

/** An e-mail address as the forms take it: required, at most 83 characters, valid. */
/* @__NO_SIDE_EFFECTS__ */
export function emailField() {
  return checkedText(REQUIRED_MESSAGE, [
    [(v) => v.length <= EMAIL_MAX_LENGTH, EMAIL_TOO_LONG_MESSAGE],
    [(v) => isSingleLine(v) && isValidEmail(v), EMAIL_MESSAGE],
  ]);
}

/** FirstName, LastName: required, no digits, fewer than 256 characters, one line. */
/* @__NO_SIDE_EFFECTS__ */
export function personName() {
  return checkedText(REQUIRED_MESSAGE, [
    [(v) => !/\d/.test(v), NO_DIGITS_MESSAGE],
    [(v) => v.length < NAME_MAX_LENGTH, NAME_TOO_LONG_MESSAGE],
    [isSingleLine, SINGLE_LINE_MESSAGE],
  ]);
}

const UK_PHONE = /^(?:\d\s*){9,12}$/;

/** AU: a real Australian mobile or landline (libphonenumber's plan); UK: 9-12 digits with optional spaces. */
export function isValidRegionPhone(region: Region, value: string): boolean {
  const trimmed = value.trim();
  if (region === 'UK') return UK_PHONE.test(trimmed);
  if (!/^[\d\s()+-]+$/.test(trimmed)) return false;
  return isValidPhoneNumber(trimmed, 'AU');
}

/* @__NO_SIDE_EFFECTS__ */
export function phoneNumber(region: Region) {
  const message = region === 'AU' ? AU_PHONE_MESSAGE : UK_PHONE_MESSAGE;
  return checkedText(REQUIRED_MESSAGE, [[(v) => isValidRegionPhone(region, v), message]]);
}

/** An optional text field of at most `max` characters, on one line. */
/* @__NO_SIDE_EFFECTS__ */
function optionalLine(max: number) {
  return z
    .string()
    .trim()
    .max(max, maxLengthMessage(max))
    .refine(isSingleLine, SINGLE_LINE_MESSAGE)
    .nullish()
    .transform((value) => value ?? '');
}

/** A required text field with its own "required" message, at most `max`, on one line. */
/* @__NO_SIDE_EFFECTS__ */
function requiredLine(required: string, max: number) {
  return checkedText(required, [
    [(v) => v.length <= max, maxLengthMessage(max)],
    [isSingleLine, SINGLE_LINE_MESSAGE],
  ]);
}

const AU_STATE_CODES = AUSTRALIAN_STATES.map((s) => s.code) as string[];
const UK_POSTCODE = /^[A-Za-z]{1,2}\d[A-Za-z\d]?\s*\d[A-Za-z]{2}$/;

/** The address rules of the region (checkout.md section 5, "AU address" and "Non-AU (UK)"). */
/* @__NO_SIDE_EFFECTS__ */
export function addressSchema(region: Region) {
  const au = region === 'AU';
  const lineMax = au ? 81 : 51;
  return z
    .object({
      BusinessName: optionalLine(65),
      Line1: optionalLine(lineMax),
      Line2: optionalLine(lineMax),
      Suburb: requiredLine(SUBURB_REQUIRED_MESSAGE, au ? 65 : 41),
      State: au
        ? z
            .string({ message: STATE_REQUIRED_MESSAGE })
            .trim()
            .refine((v) => v !== '', STATE_REQUIRED_MESSAGE)
            .refine((v) => v === '' || AU_STATE_CODES.includes(v.toUpperCase()), STATE_REQUIRED_MESSAGE)
            .transform((v) => v.toUpperCase())
        : requiredLine(STATE_REQUIRED_MESSAGE, 40),
      PostCode: checkedText(
        POSTCODE_REQUIRED_MESSAGE,
        au
          ? [[(v) => /^\d{4}$/.test(v), AU_POSTCODE_MESSAGE]]
          : [[(v) => v.length <= 17 && UK_POSTCODE.test(v), UK_POSTCODE_MESSAGE]],
      ).transform((value) => (au ? value : value.toUpperCase())),
      CountryCode: z
        .string()
        .nullish()
        .transform(() => COUNTRY_CODE[region]),
      CountryName: z
        .string()
        .nullish()
        .transform(() => REGION_INFO[region].name),
    })
    .superRefine((address, context) => {
      // oneOf: Line 1 or Line 2 must hold something (the message sits on Line1).
      if (address.Line1 === '' && address.Line2 === '') {
        context.addIssue({ code: 'custom', path: ['Line1'], message: ADDRESS_LINE_MESSAGE });
      }
    });
}
export type Address = z.output<ReturnType<typeof addressSchema>>;

/** An address as the server hands it back (already valid). */
export const AddressValueSchema = z.object({
  BusinessName: z.string(),
  Line1: z.string(),
  Line2: z.string(),
  Suburb: z.string(),
  State: z.string(),
  PostCode: z.string(),
  CountryCode: z.string(),
  CountryName: z.string(),
});
export type AddressValue = z.infer<typeof AddressValueSchema>;
