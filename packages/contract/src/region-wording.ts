import type { Region } from './regions.js';

/**
 * Words that differ by region, in one place so every page says them the same way.
 *
 * The country inside a sentence: 'across the United Kingdom' needs the article that
 * 'across Australia' does not.
 */
export const REGION_IN_SENTENCE: Record<Region, string> = {
  AU: 'Australia',
  UK: 'the United Kingdom',
};

/**
 * The in-store pickup service: its name as a label or heading, and inside a sentence. Australia
 * brands it 'Click & Collect'; the UK shop calls it 'Click and collect' (as the UK site's banners
 * and help page do), never both on one site.
 */
export const PICKUP_SERVICE: Record<Region, { label: string; inSentence: string }> = {
  AU: { label: 'Click & Collect', inSentence: 'Click & Collect' },
  UK: { label: 'Click and collect', inSentence: 'click and collect' },
};
