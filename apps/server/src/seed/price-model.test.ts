import { describe, expect, it } from 'vitest';
import { CATEGORY_TREE } from './catalogue-data.js';
import { generateProduct } from './generator.js';
import { CONDITION_FACTOR, MODEL_NEW_PRICES, modelPrice, plausibleBand, shopPrice } from './price-model.js';
import { Random } from './random.js';

const leaves = CATEGORY_TREE.flatMap((root) => root.children).map((leaf, i) => ({ id: i + 1, leaf }));
const leafOf = (categoryId: number) => {
  const found = leaves.find((l) => l.id === categoryId);
  if (!found) throw new Error(`no leaf ${categoryId}`);
  return found.leaf;
};

/** The model a title was made from: the longest model name it contains. */
function newPriceModel(title: string): string {
  return Object.keys(MODEL_NEW_PRICES)
    .filter((model) => title.includes(model))
    .sort((a, b) => b.length - a.length)[0] as string;
}

function catalogue(region: 'AU' | 'UK', count: number) {
  return Array.from({ length: count }, (_, i) => generateProduct(i, 7, { stores: [{ id: 1, region }], leaves }));
}

describe('demo price model', () => {
  it('knows the price new of every model the catalogue lists', () => {
    const missing = leaves.flatMap(({ leaf }) =>
      Object.values(leaf.brands)
        .flat()
        .filter((model) => !MODEL_NEW_PRICES[model]),
    );
    expect(missing).toEqual([]);
  });

  it.each(['AU', 'UK'] as const)('prices every %s item within its kind of item’s plausible band', (region) => {
    const outside = catalogue(region, 6000)
      .map((p) => ({ p, band: plausibleBand(leafOf(p.category_id), region) }))
      .filter(({ p, band }) => p.price_minor < band[0] || p.price_minor > band[1])
      .map(({ p, band }) => `${p.title} ${p.price_minor} not in ${band.join('-')}`);
    expect(outside).toEqual([]);
  });

  it('never asks more than new for a used item, nor less than a sixth of new for one in good condition', () => {
    const offenders = catalogue('AU', 6000).flatMap((p) => {
      const entry = MODEL_NEW_PRICES[newPriceModel(p.title)];
      if (!entry) return [];
      // Storage and kit extras can add up to half again on the base model's price new.
      const ceiling = entry[0] * 100 * 1.6;
      const floor = p.condition >= 3 ? entry[0] * 100 * 0.15 : 0;
      return p.price_minor > ceiling || p.price_minor < floor ? [`${p.title} (${p.condition}) ${p.price_minor}`] : [];
    });
    expect(offenders).toEqual([]);
  });

  it('prices a 512GB iPhone 13 Pro and a 9ct signet ring the way a second-hand shop would', () => {
    const phones = leaves.find((l) => l.leaf.slug === 'smartphones')?.leaf;
    const rings = leaves.find((l) => l.leaf.slug === 'rings')?.leaf;
    if (!phones || !rings) throw new Error('leaves missing');
    const random = new Random(11);
    for (let i = 0; i < 200; i++) {
      const phone = modelPrice(random, {
        leaf: phones,
        model: 'iPhone 13 Pro',
        storage: '512gb',
        extra: null,
        condition: 4,
        region: 'AU',
      });
      expect(phone.priceMinor).toBeGreaterThan(40_000);
      expect(phone.priceMinor).toBeLessThan(140_000);
      const ring = modelPrice(random, {
        leaf: rings,
        model: '9ct Gold Signet Ring',
        storage: null,
        extra: null,
        condition: 3,
        region: 'AU',
      });
      expect(ring.priceMinor).toBeGreaterThan(15_000);
      expect(ring.priceMinor).toBeLessThan(69_000);
    }
  });

  it('never makes a better condition of the same model cheaper on average', () => {
    expect([...CONDITION_FACTOR]).toEqual([...CONDITION_FACTOR].sort((a, b) => a - b));
    const inversions: string[] = [];
    for (const { leaf } of leaves) {
      for (const model of Object.values(leaf.brands).flat()) {
        let previous = 0;
        for (let condition = 0; condition <= 5; condition++) {
          // The same draws for every condition, so only the condition differs.
          const random = new Random(1000);
          let total = 0;
          for (let i = 0; i < 60; i++) {
            total += modelPrice(random, {
              leaf,
              model,
              storage: null,
              extra: null,
              condition,
              region: 'UK',
            }).priceMinor;
          }
          if (total < previous) inversions.push(`${model}: condition ${condition}`);
          previous = total;
        }
      }
    }
    expect(inversions).toEqual([]);
    // And in the seeded catalogue: asked as a share of the model's price new (so the mix of models
    // in each condition does not matter), each better condition fetches more on average.
    const shares = Array.from({ length: 6 }, () => [] as number[]);
    for (const p of catalogue('AU', 8000)) {
      if (p.rrp_minor !== p.price_minor) continue;
      const entry = MODEL_NEW_PRICES[newPriceModel(p.title)];
      if (entry) shares[p.condition]?.push(p.price_minor / (entry[0] * 100));
    }
    const means = shares.map((list) => list.reduce((a, b) => a + b, 0) / list.length);
    expect(shares.every((list) => list.length > 50)).toBe(true);
    expect(means).toEqual([...means].sort((a, b) => a - b));
  });

  it('writes tickets the way a shop does: $x.00/$x.99 in Australia, £x.50/£x.99/£x.00 in the UK', () => {
    for (let i = 0; i < 500; i++) {
      const amount = 2 + i * 7.3;
      const roll = (i % 10) / 10;
      const au = shopPrice(amount, 'AU', roll) % 100;
      const uk = shopPrice(amount, 'UK', roll) % 100;
      expect([0, 99]).toContain(au);
      expect([0, 50, 99]).toContain(uk);
    }
    expect(shopPrice(347.2, 'AU', 0.9)).toBe(34_500);
    expect(shopPrice(347.2, 'AU', 0.1)).toBe(34_499);
    expect(shopPrice(8.3, 'UK', 0.1)).toBe(750);
  });
});
