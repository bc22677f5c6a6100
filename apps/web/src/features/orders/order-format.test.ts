import { describe, expect, it } from 'vitest';
import { addressLines, discountText, orderDateWithZone } from './order-format';

describe('order detail formatting', () => {
  it('shows a discount as a negative amount, and none for 0.00', () => {
    expect(discountText('$5.00')).toBe('-$5.00');
    expect(discountText('-£12.40')).toBe('-£12.40');
    expect(discountText('$0.05')).toBe('-$0.05');
    expect(discountText('$0.00')).toBeNull();
    expect(discountText('£0.00')).toBeNull();
  });

  it("puts the server's zone label after the date, or the zone's abbreviation for an IANA name", () => {
    expect(orderDateWithZone('2026-11-24T23:30:00.000Z', 'AEST', 'AU')).toBe('25/11/2026 9:30 am AEST');
    expect(orderDateWithZone('2026-07-01T12:00:00.000Z', 'Europe/London', 'UK')).toBe('01/07/2026 1:00 pm BST');
  });

  it('skips empty address lines and joins suburb, state and postcode', () => {
    const address = {
      customerName: 'Ada Lovelace',
      businessName: '',
      line1: '1 George St',
      line2: '',
      suburb: 'Sydney',
      state: 'NSW',
      postCode: '2000',
    };
    expect(addressLines(address, { withCustomer: true })).toEqual(['Ada Lovelace', '1 George St', 'Sydney NSW 2000']);
    expect(addressLines(address, { withCustomer: false })).toEqual(['1 George St', 'Sydney NSW 2000']);
  });
});
