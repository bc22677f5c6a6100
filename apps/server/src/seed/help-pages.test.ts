import { PICKUP_SERVICE } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { helpPageSeeds } from './generator.js';

describe('the demo help pages', () => {
  it("call the pickup service by the region's one name ('Click & Collect' in AU, 'Click and collect' in the UK)", () => {
    for (const region of ['AU', 'UK'] as const) {
      const page = helpPageSeeds(region).find((p) => p.slug === 'click-and-collect');
      expect(page?.name).toBe(PICKUP_SERVICE[region].label);
      expect(page?.display_name).toBe(PICKUP_SERVICE[region].label);
    }
    expect(PICKUP_SERVICE.AU.label).toBe('Click & Collect');
  });
});
