import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSET_READERS } from './bottom-inset';

/** Every stylesheet of the app, by path. */
function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

describe('the bottom inset', () => {
  it('is written to every element whose style reads it (it is not inherited)', () => {
    const readers = new Set(INSET_READERS.split(',').map((selector) => selector.trim()));
    const reading: string[] = [];
    for (const file of stylesheets(path.resolve(__dirname, '..'))) {
      const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
        if (!body?.includes('var(--bottom-inset')) continue;
        for (const selector of (selectors ?? '').split(',')) reading.push(selector.trim());
      }
    }
    expect(reading.length).toBeGreaterThanOrEqual(4);
    expect(reading.filter((selector) => !readers.has(selector))).toEqual([]);
  });
});
