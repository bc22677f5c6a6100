import { describe, expect, it } from 'vitest';
import { composeStoreAddress, storeAddressLines } from './stores.service.js';

describe("a store's address lines", () => {
  it('cuts the town off the street line rather than showing it twice (AU)', () => {
    const lines = storeAddressLines({
      address: '54 Mall Walk, Blacktown NSW 2148',
      suburb: 'Blacktown',
      state: 'NSW',
      postcode: '2148',
      region: 'AU',
    });
    expect(lines).toEqual({ line1: '54 Mall Walk', line2: 'Blacktown NSW 2148' });
  });

  it('leaves our county code out of a UK town line', () => {
    const lines = storeAddressLines({
      address: '7 High Street, Croydon CR0 1AB',
      suburb: 'Croydon',
      state: 'LND',
      postcode: 'CR0 1AB',
      region: 'UK',
    });
    expect(lines).toEqual({ line1: '7 High Street', line2: 'Croydon CR0 1AB' });
  });

  it('keeps a street-only address whole', () => {
    const lines = storeAddressLines({
      address: '1 Hay St',
      suburb: 'Perth',
      state: 'WA',
      postcode: '6000',
      region: 'AU',
    });
    expect(lines.line1).toBe('1 Hay St');
  });

  it('keeps a street line with a comma of its own whole, and composes it back', () => {
    const store = { suburb: 'Ballarat', state: 'VIC', postcode: '3350', region: 'AU' };
    const address = composeStoreAddress('Shop 4, 12 Main St', store);
    expect(address).toBe('Shop 4, 12 Main St, Ballarat VIC 3350');
    expect(storeAddressLines({ ...store, address }).line1).toBe('Shop 4, 12 Main St');
  });
});
