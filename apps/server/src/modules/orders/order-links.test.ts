import { describe, expect, it } from 'vitest';
import { sign } from '../../lib/tokens.js';
import { ORDER_LINK_LIFETIME_DAYS, OrderLinks } from './order-links.js';

const DAY = 24 * 60 * 60 * 1000;
const SECRET = 'order-links-test-secret';
const NOW = Date.UTC(2026, 10, 28, 15, 30);

const order = (overrides: Partial<{ reference: string; link_version: number; created_at: number }> = {}) => ({
  reference: 'ORD-7K2M-9QPX-4HJT',
  link_version: 0,
  created_at: NOW,
  ...overrides,
});

/** Links as the server makes and checks them at `now`. */
const linksAt = (now: number) => new OrderLinks(SECRET, 'https://shop.example', () => now);

describe('signed order links', () => {
  it('open their order for the lifetime, to the end of its last UTC day, and never after', () => {
    const key = linksAt(NOW).key(order());
    expect(key).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    expect(linksAt(NOW).isKeyFor(order(), key)).toBe(true);
    const lastDay = NOW + ORDER_LINK_LIFETIME_DAYS * DAY;
    expect(linksAt(lastDay).isKeyFor(order(), key)).toBe(true);
    const endOfLastDay = Math.ceil(lastDay / DAY) * DAY;
    expect(linksAt(endOfLastDay - 1).isKeyFor(order(), key)).toBe(true);
    expect(linksAt(endOfLastDay).isKeyFor(order(), key)).toBe(false);
    // Signed long ago (an old e-mail's link), checked now.
    const old = linksAt(NOW - (ORDER_LINK_LIFETIME_DAYS + 1) * DAY).key(order());
    expect(linksAt(NOW).isKeyFor(order(), old)).toBe(false);
  });

  it('are the same link all day, so the confirmation URL and the e-mail agree', () => {
    const links = linksAt(NOW);
    expect(linksAt(NOW + 60_000).key(order())).toBe(links.key(order()));
    expect(links.confirmationPath(order())).toBe(`/checkout/confirmation/ORD-7K2M-9QPX-4HJT?key=${links.key(order())}`);
    expect(links.confirmationUrl(order())).toBe(`https://shop.example${links.confirmationPath(order())}`);
  });

  it("refuse another order's key, a moved expiry, a changed secret and anything malformed", () => {
    const links = linksAt(NOW);
    const key = links.key(order());
    expect(links.isKeyFor(order({ reference: 'ORD-7K2M-9QPX-4HJV' }), key)).toBe(false);
    const [expiry = '', mac = ''] = key.split('.');
    const later = (Number.parseInt(expiry, 36) + 365).toString(36);
    expect(links.isKeyFor(order(), `${later}.${mac}`)).toBe(false);
    expect(links.isKeyFor(order(), `0${expiry}.${mac}`)).toBe(false);
    expect(new OrderLinks('another-secret', '', () => NOW).isKeyFor(order(), key)).toBe(false);
    for (const bad of [undefined, '', '.', `${expiry}.`, `.${mac}`, `${key}x`, `${expiry}.${mac}.x`, 'zzzzzzzz.x'])
      expect(links.isKeyFor(order(), bad), String(bad)).toBe(false);
  });

  it('are revoked by raising the order link version: every earlier key stops, a fresh one works', () => {
    const links = linksAt(NOW);
    const before = links.key(order());
    const revoked = order({ link_version: 1 });
    expect(links.isKeyFor(revoked, before)).toBe(false);
    const fresh = links.key(revoked);
    expect(fresh).not.toBe(before);
    expect(links.isKeyFor(revoked, fresh)).toBe(true);
    expect(links.isKeyFor(order({ link_version: 2 }), fresh)).toBe(false);
  });

  it('honour a key sent before links expired for the lifetime from the order, until its links are revoked', () => {
    const legacy = sign(SECRET, 'order-link:ORD-7K2M-9QPX-4HJT');
    const placed = NOW - 10 * DAY;
    expect(linksAt(NOW).isKeyFor(order({ created_at: placed }), legacy)).toBe(true);
    // created_at arrives as a string from PostgreSQL's bigint.
    expect(linksAt(NOW).isKeyFor(order({ created_at: String(placed) as unknown as number }), legacy)).toBe(true);
    expect(linksAt(placed + ORDER_LINK_LIFETIME_DAYS * DAY).isKeyFor(order({ created_at: placed }), legacy)).toBe(
      false,
    );
    expect(linksAt(NOW).isKeyFor(order({ created_at: placed, link_version: 1 }), legacy)).toBe(false);
    expect(linksAt(NOW).isKeyFor(order({ reference: 'ORD-7K2M-9QPX-4HJV' }), legacy)).toBe(false);
  });
});
