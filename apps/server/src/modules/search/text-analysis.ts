import { stemmer } from 'stemmer';

/** How text becomes search terms: lower-case words, joined hyphenations, English stems. */

const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'the',
  'for',
  'with',
  'of',
  'in',
  'on',
  'to',
  'or',
  'by',
  'as',
  'at',
  'is',
]);

/** Lower-case words of a text; "Wi-Fi" also yields "wifi" so either spelling finds it. */
export function words(text: string): string[] {
  const lower = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const out = lower.split(/[^a-z0-9]+/).filter((w) => w.length > 0);
  for (const chunk of lower.split(/\s+/)) {
    if (/^[a-z0-9]+(-[a-z0-9]+)+$/.test(chunk)) out.push(chunk.replace(/-/g, ''));
  }
  return out;
}

/** Query words without stop words, unless the query is nothing but stop words. */
export function queryWords(text: string): string[] {
  const all = words(text);
  const meaningful = all.filter((w) => !STOP_WORDS.has(w));
  return meaningful.length > 0 ? meaningful : all;
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** Words with digits (128gb, x30, 4k) are kept as they are; other words are stemmed. */
export function stem(word: string): string {
  if (/\d/.test(word) || word.length <= 3) return word;
  return stemmer(word);
}

/**
 * Optimal-string-alignment distance (Damerau-Levenshtein with adjacent transpositions), giving up
 * as soon as it must exceed `max`. "iphnoe" is one transposition from "iphone".
 */
export function editDistanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prevPrev = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min((prev[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (prevPrev[j - 2] ?? 0) + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, current] = [prev, current, prevPrev];
  }
  return prev[n] ?? max + 1;
}
