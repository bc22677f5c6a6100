import { describe, expect, it } from 'vitest';
import { CATEGORY_TREE } from '../../seed/catalogue-data.js';
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
    // The maker's name is printed where a real one is: on a game's cover.
    expect(productImageSvg({ ...base, icon: 'gamepad', leaf: 'video-games', brand: '<b>&"' })).toContain(
      '&#60;b&#62;&#38;&#34;',
    );
  });
});

describe('productImageSvg as a product photo', () => {
  const base = { code: 'SH0000042', position: 1, brand: 'Acme', icon: 'phone', width: 800, height: 600 };
  const leaves = CATEGORY_TREE.flatMap((root) => root.children.map((leaf) => ({ slug: leaf.slug, icon: root.icon })));

  /** The drawn item alone: what is inside the transformed group. */
  const shape = (svg: string) => /<g transform="[^"]*"[^>]*>([\s\S]*)<\/g>\s*<\/svg>$/.exec(svg)?.[1] ?? '';

  it('draws each kind of item in its own shape (bikes alike), not one glyph per department', () => {
    const shapes = leaves.map((leaf) => shape(productImageSvg({ ...base, icon: leaf.icon, leaf: leaf.slug })));
    expect(shapes.every((s) => s.length > 100)).toBe(true);
    const bikes = new Set(['mountain-bikes', 'road-bikes']);
    const distinct = new Set(shapes.filter((_, i) => !bikes.has(leaves[i]?.slug ?? '')));
    expect(distinct.size).toBe(leaves.length - bikes.size);
    const ring = shape(productImageSvg({ ...base, icon: 'ring', leaf: 'rings' }));
    const necklace = shape(productImageSvg({ ...base, icon: 'ring', leaf: 'necklaces' }));
    expect(ring).not.toBe(necklace);
  });

  it('stands the item on a studio backdrop with a shadow under it', () => {
    const svg = productImageSvg({ ...base, leaf: 'guitars' });
    expect(svg).toContain('<rect width="100%" height="100%" fill="url(#bg)"/>');
    expect(svg).toMatch(/<ellipse [^>]*fill="url\(#shadow\)"\/>/);
    // The shadow is drawn before the item, so it lies beneath it.
    expect(svg.indexOf('url(#shadow)"/>')).toBeLessThan(svg.indexOf('<g transform'));
  });

  it("paints the item in its own colour, and items without one in their kind's usual colours", () => {
    expect(productImageSvg({ ...base, leaf: 'smartphones', colour: 'red' })).toContain('stop-color="#b3302a"');
    expect(productImageSvg({ ...base, leaf: 'rings', colour: 'rose-gold' })).toContain('#dfa68c');
    const drills = new Set(
      Array.from(
        { length: 30 },
        (_, i) =>
          /id="body"[^>]*><stop[^>]*><stop offset=".5" stop-color="(#[0-9a-f]{6})"/.exec(
            productImageSvg({ ...base, code: `SH${i}`, leaf: 'power-tools' }),
          )?.[1],
      ),
    );
    expect(drills.size).toBeGreaterThan(2);
  });

  it("shows an item's pictures from different angles, and the same picture the same way every time", () => {
    const views = new Set(
      [1, 2, 3, 4, 5, 6].map((position) => productImageSvg({ ...base, position, leaf: 'cameras' })),
    );
    expect(views.size).toBe(6);
    expect(productImageSvg({ ...base, leaf: 'lenses' })).toBe(productImageSvg({ ...base, leaf: 'lenses' }));
  });

  it('leaves a maker’s name off a picture seen from the other side, where it would read backwards', () => {
    expect(productImageSvg({ ...base, position: 1, leaf: 'video-games' })).toContain('>Acme</text>');
    expect(productImageSvg({ ...base, position: 4, leaf: 'video-games' })).not.toContain('<text');
  });
});

describe('productImageSvg by title', () => {
  const base = { code: 'SH0000007', position: 1, brand: 'Acme', icon: 'ring', width: 450, height: 338 };
  it('draws a plain band without a stone, and a handheld console unlike a home one', () => {
    const solitaire = productImageSvg({ ...base, leaf: 'rings', title: '14ct White Gold Solitaire Ring' });
    const band = productImageSvg({ ...base, leaf: 'rings', title: 'Platinum Wedding Band' });
    expect(solitaire).toContain('#eaf6ff');
    expect(band).not.toContain('#eaf6ff');
    const tower = productImageSvg({ ...base, icon: 'gamepad', leaf: 'consoles', title: 'Sony PlayStation 5 Console' });
    const handheld = productImageSvg({
      ...base,
      icon: 'gamepad',
      leaf: 'consoles',
      title: 'Nintendo Switch Lite Console',
    });
    expect(handheld).not.toBe(tower);
  });
});
