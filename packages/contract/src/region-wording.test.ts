import { describe, expect, it } from 'vitest';
import { PICKUP_SERVICE, REGION_IN_SENTENCE } from './region-wording.js';
import { REGION_INFO } from './regions.js';

describe('region wording', () => {
  it('puts the article before the United Kingdom inside a sentence, and none before Australia', () => {
    expect(`across ${REGION_IN_SENTENCE.UK}`).toBe('across the United Kingdom');
    expect(`to anywhere in ${REGION_IN_SENTENCE.AU}`).toBe('to anywhere in Australia');
    // The sentence form still names the region's country.
    for (const region of ['AU', 'UK'] as const) expect(REGION_IN_SENTENCE[region]).toContain(REGION_INFO[region].name);
  });

  it('names the pickup service one way per region', () => {
    expect(PICKUP_SERVICE.UK).toEqual({ label: 'Click and collect', inSentence: 'click and collect' });
    expect(PICKUP_SERVICE.AU.label).toBe('Click & Collect');
    for (const region of ['AU', 'UK'] as const)
      expect(PICKUP_SERVICE[region].inSentence.toLowerCase()).toBe(PICKUP_SERVICE[region].label.toLowerCase());
  });
});
