import { MOBILE_MEDIA_QUERY } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { viewportWidthFor } from '../entry-server';
import { DESKTOP_VIEWPORT_WIDTH, matchesAtWidth, PHONE_VIEWPORT_WIDTH } from './use-media-query';

describe('matchesAtWidth', () => {
  it("reads the shop's phone query at a phone's and a desktop's width", () => {
    expect(matchesAtWidth(MOBILE_MEDIA_QUERY, PHONE_VIEWPORT_WIDTH)).toBe(true);
    expect(matchesAtWidth(MOBILE_MEDIA_QUERY, DESKTOP_VIEWPORT_WIDTH)).toBe(false);
  });

  it('reads min and max widths in px, em and rem, joined by and; anything else does not match', () => {
    expect(matchesAtWidth('(min-width: 768px)', 768)).toBe(true);
    expect(matchesAtWidth('(min-width: 48rem) and (max-width: 63.99em)', 1000)).toBe(true);
    expect(matchesAtWidth('(min-width: 48rem) and (max-width: 63.99em)', 1100)).toBe(false);
    expect(matchesAtWidth('(prefers-reduced-motion: reduce)', 390)).toBe(false);
  });
});

describe('viewportWidthFor', () => {
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  const android =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
  const tablet =
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
  const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

  it("draws a phone's layout for phones, by client hint or user agent", () => {
    expect(viewportWidthFor({ userAgent: desktop, mobileHint: '?1' })).toBe(PHONE_VIEWPORT_WIDTH);
    // A desktop browser pretending to be a phone (device emulation) still says ?0: the agent decides.
    expect(viewportWidthFor({ userAgent: iphone, mobileHint: '?0' })).toBe(PHONE_VIEWPORT_WIDTH);
    expect(viewportWidthFor({ userAgent: iphone })).toBe(PHONE_VIEWPORT_WIDTH);
    expect(viewportWidthFor({ userAgent: android })).toBe(PHONE_VIEWPORT_WIDTH);
    expect(viewportWidthFor({ userAgent: tablet })).toBe(DESKTOP_VIEWPORT_WIDTH);
    expect(viewportWidthFor({ userAgent: desktop })).toBe(DESKTOP_VIEWPORT_WIDTH);
    expect(viewportWidthFor({})).toBe(DESKTOP_VIEWPORT_WIDTH);
  });
});
