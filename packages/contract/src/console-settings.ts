import { z } from 'zod';
import { emailField, phoneNumber } from './customer.js';
import type { Region } from './regions.js';
import { isSingleLine, REQUIRED_MESSAGE } from './validation.js';

/**
 * A store's settings in the store console: opening hours and contact,
 * pickup on or off, postage (the table rates, Express and the surcharge) and what its tax invoices
 * say. GET /c3api/console/stores/{storeId}/settings answers all of them; each section is saved by
 * its own POST (.../settings/details, /pickup, /postage, /invoice), which answers them all again.
 * Money is integer minor units (cents, pence); weights grams; delivery times business days.
 */

/** The week as the store page lists it. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const OPENING_HOURS_MAX_LENGTH = 40;
export const STORE_LICENCES_MAX = 5;
const STORE_LICENCE_MAX_LENGTH = 120;
const ENTITY_NAME_MAX_LENGTH = 120;
/** Rate rows one store's table may hold (zones x services x weight bands). */
const POSTAGE_RATES_MAX = 400;
/** The heaviest band a table may have: 100 kg. */
const POSTAGE_MAX_WEIGHT_GRAMS = 100_000;
const POSTAGE_MAX_DAYS = 60;
/** No postage price, surcharge or threshold above this: 100,000.00. */
const SETTINGS_MONEY_MAX_MINOR = 10_000_000;

const HOURS_REQUIRED_MESSAGE = "Enter the day's hours, or Closed";
const DUPLICATE_BAND_MESSAGE = 'Another row of this zone and service has this weight';
const MAX_DAYS_MESSAGE = 'Must be at least the earliest day';
export const NO_SUCH_ZONE_MESSAGE = 'No such zone in this store’s rate table';
export const NO_RATE_CARD_MESSAGE = 'This store has no postage table yet: set one up first.';
export const POSTAGE_EXISTS_MESSAGE = 'This store already has a postage table.';
export const NO_REGION_RATE_CARD_MESSAGE = 'There is no postage table in this region to start from.';
export const ABN_MESSAGE = 'Please enter a valid ABN (11 digits)';
export const ABN_REQUIRED_MESSAGE = 'A store registered for GST needs its ABN';
export const VAT_NUMBER_MESSAGE = 'Please enter a valid UK VAT number (GB and 9 digits)';
export const VAT_NUMBER_REQUIRED_MESSAGE = 'A store registered for VAT needs its VAT number';
export const COMPANY_NUMBER_MESSAGE = 'Please enter a valid company number (8 characters)';
const SINGLE_LINE_FIELD_MESSAGE = 'Please enter this on a single line';

function line(max: number, required: string | null) {
  const base = z
    .string({ message: REQUIRED_MESSAGE })
    .trim()
    .max(max, `Please use ${max} characters or fewer`)
    .refine(isSingleLine, SINGLE_LINE_FIELD_MESSAGE);
  return required === null ? base : base.refine((v) => v !== '', required);
}

const minor = (max = SETTINGS_MONEY_MAX_MINOR) =>
  z
    .number({ message: 'Enter an amount' })
    .int('Must be whole cents')
    .min(0, 'Must not be negative')
    .max(max, 'Is too large');

const whole = (message: string, min: number, max: number) =>
  z.number({ message }).int(message).min(min, `Must be ${min} or more`).max(max, `Must be ${max} or less`);

/** The week's hours: all seven days, Monday first, each with its hours as shoppers read them ('9:00am - 5:30pm', 'Closed'). */
const OpeningHoursSchema = z
  .array(z.object({ Day: z.enum(WEEKDAYS), Hours: line(OPENING_HOURS_MAX_LENGTH, HOURS_REQUIRED_MESSAGE) }))
  .length(WEEKDAYS.length, 'Give the hours of every day of the week')
  .superRefine((rows, context) => {
    rows.forEach((row, i) => {
      if (row.Day !== WEEKDAYS[i])
        context.addIssue({ code: 'custom', path: [i, 'Day'], message: `Must be ${WEEKDAYS[i]}` });
    });
  });
export type OpeningHoursRow = z.infer<typeof OpeningHoursSchema>[number];

const UK_POSTCODE = /^[A-Za-z]{1,2}\d[A-Za-z\d]?\s*\d[A-Za-z]{2}$/;

/**
 * POST .../settings/details: contact, address and opening hours. The state (county) and the map
 * position stay as they are: moving a store to another state is the marketplace's business.
 */
export function storeDetailsBodySchema(region: Region) {
  const au = region === 'AU';
  return z.object({
    Phone: phoneNumber(region),
    Email: emailField(),
    Street: line(au ? 81 : 51, 'Street address is required'),
    Suburb: line(au ? 65 : 41, au ? 'Suburb is required' : 'Town is required'),
    Postcode: z
      .string({ message: 'Postcode is required' })
      .trim()
      .refine((v) => v !== '', 'Postcode is required')
      .refine(
        (v) => v === '' || (au ? /^\d{4}$/.test(v) : v.length <= 8 && UK_POSTCODE.test(v)),
        au ? 'Please enter a 4 digit postcode' : 'Please enter a valid UK postcode',
      )
      .transform((v) => (au ? v : v.toUpperCase().replace(/\s+/g, ' '))),
    OpeningHours: OpeningHoursSchema,
  });
}
export type StoreDetailsBody = z.output<ReturnType<typeof storeDetailsBodySchema>>;

/** POST .../settings/pickup: whether shoppers may choose to collect from this store. */
export const StorePickupBodySchema = z.object({ PickupEnabled: z.boolean({ message: 'Must be true or false' }) });
export type StorePickupBody = z.infer<typeof StorePickupBodySchema>;

const PostageServiceSchema = z.enum(['Regular', 'Express']);

/** One weight band of a zone's service: up to MaxWeightGrams (chargeable weight) costs PriceMinor. */
const PostageRateSchema = z.object({
  ZoneId: z.number().int().positive(),
  Service: PostageServiceSchema,
  MaxWeightGrams: whole('Enter the weight in grams', 1, POSTAGE_MAX_WEIGHT_GRAMS),
  PriceMinor: minor(),
  MinDays: whole('Enter a number of days', 0, POSTAGE_MAX_DAYS),
  MaxDays: whole('Enter a number of days', 0, POSTAGE_MAX_DAYS),
});

/**
 * POST .../settings/postage: Express on or off, the surcharge (signature on delivery and
 * insurance, compulsory above the threshold; null: never), a handling fee, and the rate table's
 * rows (the zones are the store's table's own; their areas are not changed here).
 */
export const StorePostageBodySchema = z.object({
  ExpressEnabled: z.boolean({ message: 'Must be true or false' }),
  SurchargeThresholdMinor: minor().nullable(),
  SurchargeMinor: minor(),
  HandlingMinor: minor(),
  Rates: z
    .array(PostageRateSchema)
    .max(POSTAGE_RATES_MAX, `At most ${POSTAGE_RATES_MAX} rows`)
    .superRefine((rates, context) => {
      const seen = new Set<string>();
      rates.forEach((rate, i) => {
        if (rate.MaxDays < rate.MinDays)
          context.addIssue({ code: 'custom', path: [i, 'MaxDays'], message: MAX_DAYS_MESSAGE });
        const key = `${rate.ZoneId}/${rate.Service}/${rate.MaxWeightGrams}`;
        if (seen.has(key))
          context.addIssue({ code: 'custom', path: [i, 'MaxWeightGrams'], message: DUPLICATE_BAND_MESSAGE });
        seen.add(key);
      });
    }),
});
export type StorePostageBody = z.infer<typeof StorePostageBodySchema>;

/**
 * POST .../settings/invoice: what the store's tax invoices (AU) or VAT receipts (UK) say. AU:
 * BusinessNumber is the ABN (check digits checked on the server), required when registered for
 * GST. UK: BusinessNumber is the company number (optional), VatNumber required when registered
 * for VAT. Licences: each as the store holds it ('Second-hand Dealers Licence NSW-123456'; the
 * invoice splits off the number).
 */
export const StoreInvoiceBodySchema = z.object({
  EntityName: line(ENTITY_NAME_MAX_LENGTH, 'The legal entity’s name is required'),
  BusinessNumber: line(20, null).default(''),
  VatNumber: line(20, null).default(''),
  TaxRegistered: z.boolean({ message: 'Must be true or false' }),
  Licences: z
    .array(line(STORE_LICENCE_MAX_LENGTH, 'Enter the licence, or remove the row'))
    .max(STORE_LICENCES_MAX, `At most ${STORE_LICENCES_MAX} licences`),
});
export type StoreInvoiceBody = z.infer<typeof StoreInvoiceBodySchema>;

const PostageZoneSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  /** Where it reaches, as words: '2000-2234, 2555-2574' or 'IV, HS, KW'; 'Everywhere else' for the catch-all. */
  Areas: z.string(),
});

/** GET .../settings (and every save's reply). */
export const ConsoleStoreSettingsValueSchema = z.object({
  StoreId: z.number().int(),
  Name: z.string(),
  Region: z.enum(['AU', 'UK']),
  State: z.string(),
  StateName: z.string(),
  /** The store's public page. */
  Url: z.string(),
  Details: z.object({
    Phone: z.string(),
    Email: z.string(),
    Street: z.string(),
    Suburb: z.string(),
    Postcode: z.string(),
    /** Seven rows, Monday first; a day the store has no hours for yet is blank. */
    OpeningHours: z.array(z.object({ Day: z.enum(WEEKDAYS), Hours: z.string() })),
  }),
  Pickup: z.object({ PickupEnabled: z.boolean() }),
  /** Null: the store has no postage table, so it cannot post. */
  Postage: z
    .object({
      ExpressEnabled: z.boolean(),
      SurchargeThresholdMinor: z.number().int().nullable(),
      SurchargeMinor: z.number().int(),
      HandlingMinor: z.number().int(),
      RateCardName: z.string(),
      /** Other stores use this table too: saving changed rates gives this store its own copy. */
      RateCardShared: z.boolean(),
      Zones: z.array(PostageZoneSchema),
      Rates: z.array(PostageRateSchema),
    })
    .nullable(),
  Invoice: z.object({
    EntityName: z.string(),
    BusinessNumber: z.string(),
    VatNumber: z.string(),
    TaxRegistered: z.boolean(),
    Licences: z.array(z.string()),
    /** As the invoice prints it: the tax number formatted, each licence split into name and number. */
    Printed: z.object({
      TaxNumber: z.string(),
      Licences: z.array(z.object({ Name: z.string(), Number: z.string() })),
    }),
  }),
});
export type ConsoleStoreSettingsValue = z.infer<typeof ConsoleStoreSettingsValueSchema>;
