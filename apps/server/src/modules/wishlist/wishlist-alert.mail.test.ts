import { describe, expect, it } from 'vitest';
import { useMailBrowser } from '../../test/mail-in-chromium.js';
import { type AlertItem, wishlistAlertMail } from './wishlist-alert.mail.js';

const items: AlertItem[] = [
  {
    code: 'SH0000001',
    slug: 'fender-telecaster',
    title: 'Fender <b>Telecaster</b> & "case"',
    storeName: 'Parramatta <Pawn>',
    storeState: 'NSW',
    imageCount: 3,
    change: { kind: 'reduced', wasMinor: 120_000, nowMinor: 95_050 },
  },
  {
    code: 'SH0000002',
    slug: 'unbroken',
    title: `Unbroken${'W'.repeat(100)}`,
    storeName: 'Geelong',
    storeState: 'VIC',
    imageCount: 0,
    change: { kind: 'sold' },
  },
];

const mail = wishlistAlertMail({
  to: 'ada@example.com',
  items,
  region: 'AU',
  publicUrl: 'https://shop.example',
  unsubscribeUrl: 'https://shop.example/c3api/wishlistalert/unsubscribe?token=1.abc',
});

describe('the wishlist alert mail', () => {
  it('says what changed in the subject and the plain text, with links to each item and the wishlist', () => {
    expect(mail.subject).toBe('Wishlist alert: 1 price drop, 1 sold');
    expect(mail.text).toContain('Fender <b>Telecaster</b> & "case" (Parramatta <Pawn>, NSW)');
    expect(mail.text).toContain('Was $1,200.00, now $950.50');
    expect(mail.text).toContain('https://shop.example/product/sh0000001/fender-telecaster');
    expect(mail.text).toContain('Sold');
    expect(mail.text).toContain('See your wishlist: https://shop.example/wishlist');
    expect(mail.text).toContain('https://shop.example/c3api/wishlistalert/unsubscribe?token=1.abc');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://shop.example/c3api/wishlistalert/unsubscribe?token=1.abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('names a UK store by its county, as the cards do, and prices in pounds', () => {
    const uk = wishlistAlertMail({
      to: 'ada@example.com',
      items: [{ ...items[0], storeName: 'Lewisham', storeState: 'LND' } as AlertItem],
      region: 'UK',
      publicUrl: 'https://shop.example',
      unsubscribeUrl: 'https://shop.example/c3api/wishlistalert/unsubscribe?token=1.abc',
    });
    expect(uk.text).toContain('(Lewisham, Greater London)');
    expect(uk.text).toContain('Was £1,200.00, now £950.50');
    expect(uk.html).toContain('Lewisham, Greater London');
    expect(uk.text).not.toContain('LND');
  });

  it('escapes every catalogue value in the HTML part', () => {
    expect(mail.html).not.toContain('<b>Telecaster</b>');
    expect(mail.html).not.toContain('<Pawn>');
  });

  describe('rendered by Chromium', () => {
    const layoutAt = useMailBrowser();

    it('at 1000 px: pictures with alt text, the titles as written, every link there', async () => {
      const layout = await layoutAt(mail.html ?? '', 1000);
      expect(layout.scrollWidth).toBe(layout.clientWidth);
      expect(layout.images).toEqual([{ alt: 'Fender <b>Telecaster</b> & "case"', width: 150 }]);
      expect(layout.text).toContain('Fender <b>Telecaster</b> & "case"');
      expect(layout.text).toContain('Was $1,200.00, now $950.50');
      expect(layout.links).toEqual(
        expect.arrayContaining(['See your wishlist', 'Unsubscribe from wishlist alerts', items[1]?.title ?? '']),
      );
    });

    it('at 360 px (a phone): a long title wraps, nothing sticks out, no sideways scroll', async () => {
      const layout = await layoutAt(mail.html ?? '', 360);
      expect(layout.scrollWidth).toBe(layout.clientWidth);
      expect(layout.overflowing).toEqual([]);
    });
  });
});
