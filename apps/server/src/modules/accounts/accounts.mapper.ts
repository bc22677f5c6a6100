import type { CustomerIdentity, ProfileValue } from '@shop/contract';
import type { UserRow } from './accounts.repository.js';
import type { Profile } from './accounts.service.js';

/** What whoami, sign-in and registration answer for a customer. */
export function toIdentity(user: UserRow): CustomerIdentity {
  return { Email: user.email, FirstName: user.first_name, LastName: user.last_name, IsGuestUser: false };
}

export function toProfileValue(profile: Profile): ProfileValue {
  return {
    Email: profile.email,
    FirstName: profile.firstName,
    LastName: profile.lastName,
    PhoneNumber: profile.phoneNumber,
    BillingAddress: profile.billingAddress
      ? {
          BusinessName: profile.billingAddress.BusinessName,
          Line1: profile.billingAddress.Line1,
          Line2: profile.billingAddress.Line2,
          Suburb: profile.billingAddress.Suburb,
          State: profile.billingAddress.State,
          PostCode: profile.billingAddress.PostCode,
          CountryCode: profile.billingAddress.CountryCode,
          CountryName: profile.billingAddress.CountryName,
        }
      : null,
    Consent: profile.consent,
  };
}
