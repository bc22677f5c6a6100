/**
 * The words of a title that say which model an item is: "Apple iPhone 13 128GB Blue - Boxed" has
 * the model words iphone, 13 and 128gb. Comparables are matched on them, so the rules are plain:
 *
 * - Only the part before the first " - " or " with " counts: after it come extras ("- Boxed",
 *   "with Charger", "with 2 Controllers") that say what comes with the item, not what it is.
 * - Words are lower-cased letters and digits; "128 GB" is read as "128gb" and "13 inch" / 13" as
 *   "13in", so the two ways of writing a size agree.
 * - Left out: colours, words about condition, packing or selling (FILLER_WORDS), the item's brand
 *   (matched on its own, as Brand) and the words shoppers use for its category ("phone", "guitar":
 *   the category's name and keywords), none of which tells one model from another.
 * - VARIANT_WORDS (pro, max, mini, digital, oled, ...) are part of the model: an "iPhone 13 Pro" is not an
 *   "iPhone 13". A comparable may not carry a variant word the query lacks.
 */

/** Words that make another model of the same line: a comparable may only carry those the query has. */
export const VARIANT_WORDS: ReadonlySet<string> = new Set([
  'pro',
  'max',
  'mini',
  'plus',
  'ultra',
  'lite',
  'se',
  'air',
  'slim',
  'xl',
  'fe',
  'digital',
  'oled',
  'flip',
  'fold',
  'ii',
  'iii',
  'iv',
]);

const COLOUR_WORDS = [
  'black',
  'white',
  'silver',
  'gold',
  'rose',
  'blue',
  'red',
  'green',
  'grey',
  'gray',
  'pink',
  'purple',
  'yellow',
  'orange',
  'brown',
  'graphite',
  'midnight',
  'starlight',
  'natural',
  'sunburst',
  'teal',
  'space',
  'titanium',
  'cream',
  'beige',
];

/** Words that say nothing about the model: condition, packing, selling, joining words. */
const FILLER_WORDS: ReadonlySet<string> = new Set([
  ...COLOUR_WORDS,
  'a',
  'an',
  'and',
  'the',
  'for',
  'in',
  'of',
  'on',
  'or',
  'to',
  'with',
  'w',
  'used',
  'new',
  'brand',
  'boxed',
  'box',
  'unboxed',
  'original',
  'genuine',
  'unlocked',
  'locked',
  'excellent',
  'good',
  'great',
  'fair',
  'poor',
  'mint',
  'condition',
  'working',
  'tested',
  'bundle',
  'edition',
  'model',
  'only',
  'dual',
  'sim',
  'wifi',
  'wi',
  'fi',
  'cellular',
  // Kinds of item rather than models ("Electric Guitar", "Gaming Laptop", "Body Only").
  'electric',
  'acoustic',
  'wireless',
  'bluetooth',
  'portable',
  'gaming',
  'body',
]);

const UNITS: Record<string, string> = {
  gb: 'gb',
  tb: 'tb',
  mb: 'mb',
  mm: 'mm',
  inch: 'in',
  in: 'in',
  '"': 'in',
  w: 'w',
  mp: 'mp',
};

/** The title's words as this file compares them: lower case, units joined to their numbers. */
export function titleTokens(title: string): string[] {
  const raw = title
    .toLowerCase()
    .replace(/(\d)\s*"/g, '$1 inch ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const tokens: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const word = raw[i] as string;
    const next = raw[i + 1];
    const unit = next === undefined ? undefined : UNITS[next];
    if (/^\d+$/.test(word) && unit) {
      tokens.push(word + unit);
      i++;
    } else if (/^\d+inch$/.test(word)) {
      tokens.push(word.replace('inch', 'in'));
    } else tokens.push(word);
  }
  return tokens;
}

/** The part of a title that names the item: before " - " or " with " (extras follow). */
function modelPart(title: string): string {
  const cut = title.search(/\s[-–]\s|\swith\s|\sw\/\s/i);
  return cut > 0 ? title.slice(0, cut) : title;
}

/** Words left out of a title's model words besides the filler: its brand's and its category's. */
export interface IgnoredWords {
  /** The item's brand (or any brand the region knows, for a query without one). */
  brandWords: ReadonlySet<string>;
  /** The category's name and keywords. */
  categoryWords: ReadonlySet<string>;
}

/** A title's model words, each once, in title order. */
export function modelWords(title: string, ignored: IgnoredWords): string[] {
  const words: string[] = [];
  for (const token of titleTokens(modelPart(title))) {
    if (FILLER_WORDS.has(token) || ignored.brandWords.has(token) || ignored.categoryWords.has(token)) continue;
    if (!words.includes(token)) words.push(token);
  }
  return words;
}

/** A brand's or category's words as they are left out of titles ("Bang & Olufsen": bang, olufsen). */
export function wordsOf(text: string): string[] {
  return titleTokens(text);
}

/** A word that names the model by itself: letters and digits ("13", "128gb", "a2337", "ps5"). */
export function hasDigit(word: string): boolean {
  return /\d/.test(word);
}

/**
 * The category words of a leaf: its name's words (both "laptops" and "laptop") and its keywords.
 * Plural and singular are both listed, since titles say "Guitar" of a category named "Guitars".
 */
export function categoryWordsOf(name: string, keywords: string): Set<string> {
  const words = new Set<string>();
  for (const word of [...titleTokens(name), ...titleTokens(keywords)]) {
    words.add(word);
    if (word.endsWith('s') && word.length > 3) words.add(word.slice(0, -1));
    else words.add(`${word}s`);
  }
  return words;
}
