import { formatOrderDateTime, type OrderAddress, orderTimeZoneLabel, type Region } from '@shop/contract';

/**
 * 'Discount Applied' as a negative amount, or null when nothing was taken off ('0.00' hides the
 * line, account.md 2.3). The server sends the amount as a display string ('$5.00' or '-$5.00').
 */
export function discountText(amount: string): string | null {
  const positive = amount.trim().replace(/^-/, '');
  if (!/[1-9]/.test(positive)) return null;
  return `-${positive}`;
}

/**
 * The order's date, time and zone: '25/11/2026 3:04 pm AEST'. The zone is the server's label
 * (orderDateTimeZone); should it be an IANA name, its abbreviation at that instant stands in.
 */
export function orderDateWithZone(iso: string, zone: string, region: Region): string {
  const label = zone.includes('/') || zone === '' ? orderTimeZoneLabel(iso, region) : zone;
  return `${formatOrderDateTime(iso, region)} ${label}`;
}

/** An address's lines, skipping the empty ones; suburb, state and postcode share the last. */
export function addressLines(address: OrderAddress, { withCustomer }: { withCustomer: boolean }): string[] {
  const place = [address.suburb, address.state, address.postCode].filter((part) => part.trim() !== '').join(' ');
  return [withCustomer ? address.customerName : '', address.businessName, address.line1, address.line2, place].filter(
    (line) => line.trim() !== '',
  );
}
