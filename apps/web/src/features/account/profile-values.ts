import type { ProfileBody, ProfileValue } from '@shop/contract';

/** The profile form's text fields, in the order they are shown (a failed submit focuses the first). */
export const PROFILE_FIELDS = [
  'FirstName',
  'LastName',
  'PhoneNumber',
  'BusinessName',
  'Line1',
  'Line2',
  'Suburb',
  'State',
  'PostCode',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string>;

const ADDRESS_FIELDS: readonly ProfileField[] = ['BusinessName', 'Line1', 'Line2', 'Suburb', 'State', 'PostCode'];

/** The form's flat values from the server's profile (no address yet: empty fields). */
export function valuesFromProfile(profile: ProfileValue): ProfileValues {
  const address = profile.BillingAddress;
  return {
    FirstName: profile.FirstName,
    LastName: profile.LastName,
    PhoneNumber: profile.PhoneNumber,
    BusinessName: address?.BusinessName ?? '',
    Line1: address?.Line1 ?? '',
    Line2: address?.Line2 ?? '',
    Suburb: address?.Suburb ?? '',
    State: address?.State ?? '',
    PostCode: address?.PostCode ?? '',
  };
}

/** The contract's ProfileBody for the form's values: what profileBodySchema(region) checks. */
export function profileInput(values: ProfileValues, consent: boolean): ProfileBody {
  return {
    FirstName: values.FirstName,
    LastName: values.LastName,
    PhoneNumber: values.PhoneNumber,
    BillingAddress: {
      BusinessName: values.BusinessName,
      Line1: values.Line1,
      Line2: values.Line2,
      Suburb: values.Suburb,
      State: values.State,
      PostCode: values.PostCode,
    },
    Consent: consent,
  };
}

/** The form field an issue of profileBodySchema belongs to: BillingAddress.Line1 is Line1. */
export function profileFieldOf(path: PropertyKey | undefined, fullPath: readonly PropertyKey[]): ProfileField | null {
  const name = path === 'BillingAddress' ? fullPath[1] : path;
  if (path === 'BillingAddress') return ADDRESS_FIELDS.includes(name as ProfileField) ? (name as ProfileField) : null;
  return (PROFILE_FIELDS as readonly PropertyKey[]).includes(name as PropertyKey) ? (name as ProfileField) : null;
}
