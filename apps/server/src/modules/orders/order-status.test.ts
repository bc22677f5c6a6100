import { describe, expect, it } from 'vitest';
import { labelFromCounts, orderStatusLabel, type ShipmentProgress } from './order-status.js';

const pickup = (fulfilment: ShipmentProgress['fulfilment']): ShipmentProgress => ({ method: 'pickup', fulfilment });
const parcel = (fulfilment: ShipmentProgress['fulfilment']): ShipmentProgress => ({ method: 'postage', fulfilment });

describe("an order's status label", () => {
  it('names the statuses that are not about shipping', () => {
    const some = [pickup('collected'), parcel('dispatched')];
    expect(orderStatusLabel('pending_payment', some)).toBe('Awaiting payment');
    expect(orderStatusLabel('cancelled', some)).toBe('Cancelled');
    expect(orderStatusLabel('refunded', some)).toBe('Refunded');
    expect(orderStatusLabel('expired', some)).toBe('Expired');
  });

  it.each([
    [[pickup('open')], 'Processing'],
    [[pickup('open'), parcel('open')], 'Processing'],
    [[pickup('collected'), pickup('open')], 'Processing'],
    [[pickup('ready_for_pickup')], 'Ready for pickup'],
    [[pickup('ready_for_pickup'), parcel('dispatched')], 'Ready for pickup'],
    [[pickup('ready_for_pickup'), pickup('collected')], 'Ready for pickup'],
    [[parcel('dispatched'), pickup('open')], 'Dispatched'],
    [[parcel('dispatched'), parcel('open')], 'Partly dispatched'],
    [[parcel('dispatched'), parcel('open'), pickup('open')], 'Partly dispatched'],
    [[parcel('dispatched')], 'Dispatched'],
    [[pickup('collected')], 'Completed'],
    [[pickup('collected'), parcel('dispatched'), parcel('dispatched')], 'Dispatched'],
    [[], 'Processing'],
  ] as [ShipmentProgress[], string][])('a confirmed order with %j is %s', (shipments, label) => {
    expect(orderStatusLabel('confirmed', shipments)).toBe(label);
  });

  it('reads the same from counts as from the shipments', () => {
    expect(
      labelFromCounts('confirmed', {
        pickupOpen: 1,
        pickupReady: 0,
        pickupCollected: 0,
        postageOpen: 0,
        postageDispatched: 2,
      }),
    ).toBe('Dispatched');
    expect(
      labelFromCounts('confirmed', {
        pickupOpen: 0,
        pickupReady: 1,
        pickupCollected: 1,
        postageOpen: 1,
        postageDispatched: 0,
      }),
    ).toBe('Ready for pickup');
    expect(
      labelFromCounts('refunded', {
        pickupOpen: 1,
        pickupReady: 0,
        pickupCollected: 0,
        postageOpen: 0,
        postageDispatched: 0,
      }),
    ).toBe('Refunded');
  });
});
