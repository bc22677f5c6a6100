import { describe, expect, it } from 'vitest';
import { useMailBrowser } from '../../test/mail-in-chromium.js';
import { type DigestItem, renderDigestMail } from './digest-mail.js';

const items: DigestItem[] = Array.from({ length: 12 }, (_, i) => ({
  code: `TF${i}`,
  title:
    i === 0
      ? 'Fender <script>alert(1)</script> "Telecaster" & case'
      : i === 1
        ? `Unbroken${'W'.repeat(120)}`
        : `Vintage brass desk lamp number ${i} with a long descriptive title that wraps over several lines`,
  storeName: i === 2 ? 'Parramatta <Pawn> & Co' : 'Parramatta',
  priceMinor: 95_000 + i,
  wasMinor: i % 3 === 0 ? 120_000 : null,
  url: `https://shop.example/product/tf${i}/item`,
  // Absolute picture links on PUBLIC_URL (the Chromium tests answer them without a network).
  imageUrl: i === 5 ? null : 'https://shop.example/c3api/images/product/TF1/1?w=300',
}));

const mail = renderDigestMail({
  region: 'AU',
  searchName: 'Fender <guitars> & more',
  items,
  total: 14,
  resultsUrl: 'https://shop.example/search-results?query=fender&price=0-1000',
  unsubscribeUrl: 'https://shop.example/c3api/savedsearch/unsubscribe?token=1.abc',
  manageUrl: 'https://shop.example/my-account/saved-searches',
});

describe('the digest mail', () => {
  it('has a plain-text part with every item, was/now prices, the results and unsubscribe links', () => {
    expect(mail.subject).toBe('14 new matches for your saved search ‘Fender <guitars> & more’');
    expect(mail.text).toContain('Here are the newest 12 of 14 items');
    expect(mail.text).toContain('Fender <script>alert(1)</script> "Telecaster" & case');
    expect(mail.text).toContain('Was $1,200.00, now $950.00 · Parramatta');
    expect(mail.text).toContain('$950.01 · Parramatta');
    expect(mail.text).toContain('See all results: https://shop.example/search-results?query=fender&price=0-1000');
    expect(mail.text).toContain(
      'Unsubscribe from these alerts: https://shop.example/c3api/savedsearch/unsubscribe?token=1.abc',
    );
    expect(mail.text).not.toMatch(/&lt;|&amp;/);
  });

  it('escapes every value in the HTML part', () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Fender &#60;script&#62;alert(1)&#60;/script&#62; &#34;Telecaster&#34; &#38; case');
    expect(mail.html).toContain('Parramatta &#60;Pawn&#62; &#38; Co');
    expect(mail.html).toContain('href="https://shop.example/c3api/savedsearch/unsubscribe?token=1.abc"');
  });

  describe('rendered by Chromium', () => {
    const layoutAt = useMailBrowser();
    const page = (width: number) => () => layoutAt(mail.html, width);

    it('at 1000 px: a 600 px column, every picture with its alt text, nothing outside the page', async () => {
      const layout = await page(1000)();
      expect(layout.tableWidths[1]).toBe(600);
      expect(layout.scrollWidth).toBe(layout.clientWidth);
      expect(layout.overflowing).toEqual([]);
      expect(layout.images).toHaveLength(11);
      for (const image of layout.images) {
        expect(image.alt.length).toBeGreaterThan(0);
        expect(image.width).toBe(120);
      }
      expect(layout.images[0]?.alt).toBe('Fender <script>alert(1)</script> "Telecaster" & case');
      expect(layout.links).toEqual(expect.arrayContaining(['See all results', 'Unsubscribe from these alerts']));
      expect(layout.text).toContain('Fender <script>alert(1)</script> "Telecaster" & case');
    });

    it('at 360 px (a phone): the column narrows, long titles wrap, no sideways scroll', async () => {
      const layout = await page(360)();
      expect(layout.tableWidths[1]).toBeLessThanOrEqual(360);
      expect(layout.scrollWidth).toBe(layout.clientWidth);
      expect(layout.overflowing).toEqual([]);
    });
  });
});
