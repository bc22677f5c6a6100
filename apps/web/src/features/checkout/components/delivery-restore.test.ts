import { describe, expect, it } from 'vitest';
import { type DeliveryChoice, STORE_PICKUP_CHOICE } from '../checkout-types';
import { restoredDelivery } from './delivery-restore';
import { continueResult, type DeliveryState } from './delivery-rules';
import { BILLING, makeShipment, NEWTOWN, PARRAMATTA } from './delivery-test-fixtures';

const OWN = { ...BILLING, Line1: '5 Other Road', Suburb: 'Newtown', PostCode: '2042' };

/** The delivery step's state made from `choice`, handed on by Continue again: the same choice. */
function again(choice: DeliveryChoice, split: DeliveryState['split'] = null) {
  const restored = restoredDelivery('AU', choice, BILLING);
  const state: DeliveryState = {
    region: 'AU',
    option: restored.option,
    postage: restored.postage ?? { sameAsBilling: true, draft: BILLING, costType: null, quotedFor: null },
    missingTableRate: false,
    split: split ? { shipments: split.shipments, choices: { ...split.choices, ...restored.split } } : null,
    billing: BILLING,
  };
  return continueResult(state);
}

describe('restoredDelivery: the delivery step reopens on the choice made before', () => {
  it('store pickup', () => {
    expect(restoredDelivery('AU', STORE_PICKUP_CHOICE, BILLING)).toEqual({
      option: 'StorePickup',
      postage: null,
      split: null,
    });
    expect(again(STORE_PICKUP_CHOICE)).toEqual({ choice: STORE_PICKUP_CHOICE });
  });

  it('postage to the billing address with Express, quoted for its postcode so it prices at once', () => {
    const choice: DeliveryChoice = {
      DeliveryOption: 'AustraliaPost',
      IsStorePickup: false,
      IsPaidPostage: true,
      IsExpress: true,
      DeliveryAddress: BILLING,
      IsShippingAddressSameAsBillingAddress: true,
      SplitPostageShipments: null,
    };
    const restored = restoredDelivery('AU', choice, BILLING);
    expect(restored.postage).toMatchObject({ sameAsBilling: true, costType: 'Express', quotedFor: '2000' });
    expect(again(choice)).toEqual({ choice });
  });

  it('postage to an address of its own, Regular', () => {
    const choice: DeliveryChoice = {
      DeliveryOption: 'AustraliaPost',
      IsStorePickup: false,
      IsPaidPostage: true,
      IsExpress: false,
      DeliveryAddress: OWN,
      IsShippingAddressSameAsBillingAddress: false,
      SplitPostageShipments: null,
    };
    expect(restoredDelivery('AU', choice, BILLING).postage).toMatchObject({
      sameAsBilling: false,
      draft: OWN,
      costType: 'Regular',
    });
    expect(again(choice)).toEqual({ choice });
  });

  it("split postage: each store's method, address and cost type", () => {
    const shipments = [makeShipment(PARRAMATTA, [1, 2]), makeShipment(NEWTOWN, [3])];
    const choice: DeliveryChoice = {
      DeliveryOption: 'SplitPostage',
      IsStorePickup: false,
      IsPaidPostage: true,
      IsExpress: false,
      DeliveryAddress: null,
      IsShippingAddressSameAsBillingAddress: false,
      SplitPostageShipments: [
        { ShipmentId: 7, ShippingMethodId: 'StorePickup', IsExpress: false, DeliveryAddress: null },
        { ShipmentId: 9, ShippingMethodId: 'AustraliaPost', IsExpress: true, DeliveryAddress: OWN },
      ],
    };
    const restored = restoredDelivery('AU', choice, BILLING);
    expect(restored.split?.[7]?.method).toBe('StorePickup');
    expect(restored.split?.[9]).toMatchObject({ method: 'AustraliaPost', sameAsBilling: false, costType: 'Express' });
    expect(again(choice, { shipments, choices: {} })).toEqual({ choice });
  });
});
