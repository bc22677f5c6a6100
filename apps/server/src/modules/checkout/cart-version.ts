import { createHash } from 'node:crypto';

/**
 * A fingerprint of what the shopper is buying: every item with its price and whether it can still
 * be bought. The checkout view hands it to the page, and the page sends it back with the order: a
 * different fingerprint means the cart changed underneath the page (HTTP 205: reload), so nobody
 * pays for a cart they did not see.
 */
export function cartVersion(items: { id: number; priceMinor: number; status: string }[]): string {
  const parts = items
    .map((item) => `${item.id}:${item.priceMinor}:${item.status === 'available' ? 1 : 0}`)
    .sort()
    .join(',');
  return createHash('sha256').update(parts).digest('base64url').slice(0, 22);
}
