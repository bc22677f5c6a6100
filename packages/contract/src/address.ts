import { z } from 'zod';

/**
 * Address lookup (checkout.md sections 5, 7 and 9; storefront.md section 4):
 * GET /c3api/address?query={text} answers up to 7 suggestions {Text, Reference};
 * GET /c3api/address?reference={ref} answers the parts of the chosen address.
 */

/** Lookups start when the text is longer than this (more than 3 characters). */
export const ADDRESS_LOOKUP_MIN_EXCLUSIVE = 3;
/** The pause after typing before a lookup (ms). */
export const ADDRESS_LOOKUP_DEBOUNCE_MS = 500;
/** Suggestions shown. */
export const ADDRESS_SUGGESTION_COUNT = 7;
export const ADDRESS_NOT_FOUND_TEXT = 'No matches found. Click here to enter manually';

/** Exactly one of query (more than 3 characters, at most 200) or reference. */
export const AddressLookupQuerySchema = z
  .object({
    query: z
      .string()
      .trim()
      .max(200, 'must be at most 200 characters')
      .refine((v) => v.length > ADDRESS_LOOKUP_MIN_EXCLUSIVE, 'must be longer than 3 characters')
      .optional(),
    reference: z.string().trim().min(1).max(200, 'must be at most 200 characters').optional(),
  })
  .refine((q) => (q.query === undefined) !== (q.reference === undefined), {
    message: 'give either query or reference',
    path: ['query'],
  });

const AddressSuggestionSchema = z.object({ Text: z.string(), Reference: z.string() });
export type AddressSuggestion = z.infer<typeof AddressSuggestionSchema>;

/** The parts of one address. Line1 is the street line as posted ("Unit 3, 12 Smith Street"); the parts beside it are for forms that want them. */
const AddressDetailSchema = z.object({
  Line1: z.string(),
  Line2: z.string(),
  UnitOrLevel: z.string(),
  StreetNumber: z.string(),
  Street: z.string(),
  Suburb: z.string(),
  /** AU: the state code (NSW); UK: the county. */
  State: z.string(),
  PostCode: z.string(),
  BusinessName: z.string(),
});
export type AddressDetail = z.infer<typeof AddressDetailSchema>;

/** The Value of GET /c3api/address: a list of suggestions for ?query=, one address for ?reference= (404 when unknown). */
export const AddressLookupValueSchema = z.union([z.array(AddressSuggestionSchema), AddressDetailSchema]);
