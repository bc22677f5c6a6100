import { FEATURE_FLAG_LABELS, formatMoney, type Region } from '@shop/contract';

/**
 * Every action the console records (the servers' console modules: console-orders.ts,
 * console.service.ts, store-settings.ts, admin-console.ts, admin-staff.ts), in words. One the
 * server adds later is shown as recorded until it is named here.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'order.ready': 'Marked ready for pickup',
  'order.collect': 'Marked collected',
  'order.dispatch': 'Marked dispatched',
  'order.cancel-item': 'Cancelled an item',
  'item.add': 'Added an item',
  'item.edit': 'Edited an item',
  'item.price': 'Changed a price',
  'item.sell': 'Sold in store',
  'item.withdraw': 'Withdrew an item',
  'item.import': 'Imported items',
  'store.settings': "Changed the store's settings",
  'store.create': 'Added the store',
  'store.edit': "Changed the store's details",
  'staff.edit': "Changed a staff member's role or stores",
  'staff.remove': 'Removed a staff member',
  'banner.create': 'Added a home page banner',
  'banner.edit': 'Changed a home page banner',
  'banner.remove': 'Removed a home page banner',
  'discount.create': 'Added a discount code',
  'discount.edit': 'Changed a discount code',
  'discount.deactivate': 'Turned off a discount code',
  'flags.set': 'Switched feature flags',
  'page.edit': 'Changed a help or policy page',
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** Detail keys whose generic wording (split at capitals and underscores) would not do. */
const DETAIL_LABELS: Record<string, string> = {
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  trackingUrl: 'Tracking URL',
  restock: 'Back on sale',
  refundMinor: 'Refund',
  shipmentCancelled: 'Shipment cancelled',
  pictures: 'Pictures',
  fromMinor: 'Price was',
  toMinor: 'Price now',
  imported: 'Items imported',
  codes: 'Item codes',
  section: 'Section',
  changed: 'Changed',
  userId: 'Staff user id',
  storeIds: 'Store ids',
  id: 'Id',
  code: 'Code',
  TableCopied: 'Shared rate table copied',
  Rates: 'Rate bands',
  Started: 'Own postage started',
  tax_registered: 'GST/VAT registered',
  email: 'E-mail',
  ...FEATURE_FLAG_LABELS,
};

const VALUE_LABELS: Record<string, string> = {
  store_staff: 'Store staff',
  marketplace_admin: 'Marketplace admin',
};

/** Keys whose 1 and 0 are yes and no (database columns). */
const YES_NO_KEYS = new Set(['tax_registered', 'pickup_enabled', 'express_enabled']);

/** A list this long or longer is cut, with a count of the rest. */
const LIST_LIMIT = 10;

/** 'trackingUrl', 'opening_hours', 'SurchargeThresholdMinor' -> 'Tracking url', 'Opening hours', 'Surcharge threshold'. */
function keyLabel(key: string): string {
  const known = DETAIL_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/Minor$/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(key: string, value: unknown, region: Region): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (/Minor$/.test(key)) return formatMoney(value, region);
    if (YES_NO_KEYS.has(key)) return value ? 'yes' : 'no';
    return String(value);
  }
  if (typeof value === 'string') {
    // A stored JSON column (opening hours, licences): that it changed is what matters here.
    if (/^[[{]/.test(value)) return 'changed';
    return VALUE_LABELS[value] ?? (key === 'section' ? keyLabel(value) : value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    // Field names ('changed') read as words; codes and ids stay as they are.
    const items = value
      .slice(0, LIST_LIMIT)
      .map((v) => (key === 'changed' && typeof v === 'string' ? keyLabel(v) : valueText(key, v, region)));
    const rest = value.length - LIST_LIMIT;
    return `${items.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}`;
  }
  if (typeof value === 'object') {
    const entry = value as Record<string, unknown>;
    // A column's change: { from, to }.
    if ('from' in entry && 'to' in entry && Object.keys(entry).length === 2) {
      const from = valueText(key, entry.from, region);
      const to = valueText(key, entry.to, region);
      return to === 'changed' ? to : `${from} → ${to}`;
    }
    return Object.entries(entry)
      .map(([k, v]) => `${keyLabel(k).toLowerCase()}: ${valueText(k, v, region)}`)
      .join('; ');
  }
  return String(value);
}

/**
 * An audit entry's detail as 'Label' and value pairs, one a line: money (keys ending Minor) in the
 * region's currency, yes and no, a column's change as 'before → after', lists joined, and a nested
 * record (a staff member's role and stores before and after) as words.
 */
export function auditDetailLines(detail: Record<string, unknown>, region: Region): { label: string; value: string }[] {
  const lines: { label: string; value: string }[] = [];
  for (const [key, value] of Object.entries(detail)) {
    if (value === null || value === undefined || value === '') continue;
    lines.push({ label: keyLabel(key), value: valueText(key, value, region) });
  }
  return lines;
}
