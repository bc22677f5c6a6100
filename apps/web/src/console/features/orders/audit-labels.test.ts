import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, auditDetailLines } from './audit-labels';

const SERVER_CONSOLE = fileURLToPath(new URL('../../../../../server/src/modules/console/', import.meta.url));
const RECORDING = [
  'fulfilment/fulfilment.service.ts',
  'stock/stock.service.ts',
  'settings/settings.service.ts',
  'admin/admin.service.ts',
  'staff/staff.service.ts',
  'pages/pages.service.ts',
];

/** The action names the server's console modules write to the audit trail. */
function recordedActions(): string[] {
  const found = new Set<string>();
  for (const file of RECORDING) {
    const source = readFileSync(`${SERVER_CONSOLE}${file}`, 'utf8');
    for (const m of source.matchAll(/(?:\.record|\.audit)\([^)]*?'([a-z]+\.[a-z-]+)'|action: '([a-z]+\.[a-z-]+)'/g))
      found.add(m[1] ?? m[2] ?? '');
  }
  return [...found].sort();
}

const lines = (detail: Record<string, unknown>, region: 'AU' | 'UK' = 'AU') =>
  auditDetailLines(detail, region).map((l) => `${l.label}: ${l.value}`);

describe('audit labels', () => {
  it('names in words every action the server records', () => {
    const actions = recordedActions();
    expect(actions.length).toBeGreaterThanOrEqual(20);
    expect(actions.filter((action) => !AUDIT_ACTION_LABELS[action])).toEqual([]);
  });

  it("shows a settings change column by column, before and after, and a stored JSON column as 'changed'", () => {
    expect(
      lines({
        section: 'details',
        phone: { from: '02 6300 0000', to: '02 6300 1111' },
        opening_hours: { from: '[{"Day":1}]', to: '[{"Day":2}]' },
        tax_registered: { from: 0, to: 1 },
        email: { from: null, to: 'shop@example.com' },
      }),
    ).toEqual([
      'Section: Details',
      'Phone: 02 6300 0000 → 02 6300 1111',
      'Opening hours: changed',
      'GST/VAT registered: no → yes',
      'E-mail: none → shop@example.com',
    ]);
    expect(lines({ section: 'postage', SurchargeThresholdMinor: 10_000, HandlingMinor: 250, Rates: 3 }, 'UK')).toEqual([
      'Section: Postage',
      'Surcharge threshold: £100.00',
      'Handling: £2.50',
      'Rate bands: 3',
    ]);
  });

  it("shows a staff member's role and stores before and after, changed fields in words, flags by name, and cuts long lists", () => {
    expect(
      lines({
        userId: 7,
        before: { role: 'store_staff', storeIds: [1, 2] },
        after: { role: 'marketplace_admin', storeIds: [] },
      }),
    ).toEqual([
      'Staff user id: 7',
      'Before: role: Store staff; store ids: 1, 2',
      'After: role: Marketplace admin; store ids: none',
    ]);
    expect(lines({ id: 3, code: 'SPRING', changed: ['EndsAt', 'MaxUsesPerCustomer'] })).toEqual([
      'Id: 3',
      'Code: SPRING',
      'Changed: Ends at, Max uses per customer',
    ]);
    expect(lines({ WishlistsEnabled: false, DiscountsEnabled: true })).toEqual([
      'Wishlists: no',
      'Discount codes at checkout: yes',
    ]);
    const codes = Array.from({ length: 12 }, (_, i) => `SH${i + 1}`);
    expect(lines({ imported: 12, codes })).toEqual([
      'Items imported: 12',
      'Item codes: SH1, SH2, SH3, SH4, SH5, SH6, SH7, SH8, SH9, SH10 and 2 more',
    ]);
    expect(lines({ fromMinor: 4500, toMinor: 3900, pictures: null })).toEqual([
      'Price was: $45.00',
      'Price now: $39.00',
    ]);
  });
});
