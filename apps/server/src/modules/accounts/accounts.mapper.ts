import type { CustomerIdentity, ProfileValue } from '@shop/contract';
import type { Account, Profile } from './accounts.service.js';

/** What whoami, sign-in and registration answer for a customer. */
export function toIdentity(account: Account): CustomerIdentity {
  return { Email: account.email, FirstName: account.firstName, LastName: account.lastName, IsGuestUser: false };
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
