import type { CheckoutSubmission } from '@shop/contract';

/** Addresses the checkout tests post to (real AU postcodes: the test rate card's zones use them). */
export const SYDNEY = { Line1: '1 George St', Suburb: 'Sydney', State: 'NSW', PostCode: '2000' };
export const MELBOURNE = { Line1: '1 Collins St', Suburb: 'Melbourne', State: 'VIC', PostCode: '3000' };

/** The shopper every checkout test is: valid under the AU rules. */
export const PAT: CheckoutSubmission['CustomerDetails'] = {
  EmailAddress: 'pat@example.com',
  FirstName: 'Pat',
  LastName: 'Shopper',
  PhoneNumber: '0412 345 678',
  Consent: false,
};

/** A store-pickup submission paid in store, with what a test changes. */
export function pickupSubmission(overrides: Partial<CheckoutSubmission> = {}): CheckoutSubmission {
  return {
    PaymentOption: 'Generic',
    DeliveryOption: 'StorePickup',
    CustomerDetails: PAT,
    BillingAddress: SYDNEY,
    DeliveryAddress: null,
    IsShippingAddressSameAsBillingAddress: false,
    IsStorePickup: true,
    IsPaidPostage: false,
    SplitPostageShipments: null,
    ...overrides,
  };
}

/** A whole-cart Australia Post submission (Regular) to Sydney, with what a test changes. */
export function postageSubmission(overrides: Partial<CheckoutSubmission> = {}): CheckoutSubmission {
  return pickupSubmission({
    DeliveryOption: 'AustraliaPost',
    DeliveryAddress: SYDNEY,
    IsStorePickup: false,
    IsPaidPostage: true,
    IsExpress: false,
    ...overrides,
  });
}
