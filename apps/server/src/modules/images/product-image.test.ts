import { describe, expect, it } from 'vitest';
import { categoryIconSvg, productImageSvg } from './product-image.js';

/** Names every plain object answers through its prototype: none of them is an icon. */
const PROTOTYPE_KEYS = [
  'constructor',
  '__proto__',
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__defineGetter__',
  '__lookupGetter__',
];

describe('categoryIconSvg', () => {
  it('draws the icons it knows', () => {
    for (const name of ['phone', 'laptop', 'gamepad', 'ring', 'watch', 'drill', 'guitar', 'camera', 'tv', 'bike']) {
      const svg = categoryIconSvg(name);
      expect(svg, name).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
  });

  it('knows no icon named after an Object.prototype member', () => {
    for (const name of PROTOTYPE_KEYS) expect(categoryIconSvg(name), name).toBeNull();
  });

  it('knows no icon for other unknown names', () => {
    for (const name of ['', 'Phone', 'phones', 'sofa', 'prototype', 'length'])
      expect(categoryIconSvg(name), name).toBeNull();
  });
});

describe('productImageSvg', () => {
  const base = { code: 'ABC123', position: 1, brand: 'Acme', width: 800, height: 600 };

  it('falls back to the phone glyph for an unknown or prototype icon name', () => {
    const phone = productImageSvg({ ...base, icon: 'phone' });
    for (const icon of ['sofa', ...PROTOTYPE_KEYS]) expect(productImageSvg({ ...base, icon }), icon).toBe(phone);
  });

  it('draws a known icon with its own glyph', () => {
    expect(productImageSvg({ ...base, icon: 'laptop' })).not.toBe(productImageSvg({ ...base, icon: 'phone' }));
  });

  it('escapes the brand', () => {
    expect(productImageSvg({ ...base, icon: 'tv', brand: '<b>&"' })).toContain('&#60;b&#62;&#38;&#34;');
  });
});
