import type { CatalogueIndex } from './catalogue-index.js';
import { emptyGroupCounts, type GroupCounts } from './facet-bitmaps.js';
import { Flag } from './facet-values.js';

/**
 * The facet counts of the live items holding each frequent word, kept current on every write.
 *
 * A one-word search ('phone', 'bike') is what shoppers type most, and at a million items such a
 * word finds 30,000-70,000 of them: counting their facets one by one is most of the search's time
 * (a read of a packed record per item, scattered over the index, about 1-3 ms), and the answer
 * cache loses it on every write anywhere. Here a frequent word's counts are made once, on its first
 * search, and then moved item by item as items are written (the index tells us of each document
 * before and after it writes its columns, as it tells the facet bitmaps), so a write costs a
 * binary search per kept word and a search costs a copy of a few hundred numbers.
 *
 * A word is kept with all its readings (its exact term and the longer words it begins, as the
 * search reads it). Only words in at least 1 of FREQUENT_SHARE documents are kept, read at most
 * MOST_TERMS ways, MOST_KEPT of them: rarer words are cheap to count, and there are far more of them.
 */

/** A word is kept when at least 1 in this many documents hold it. */
export const FREQUENT_SHARE = 64;
/** A word read more ways than this (a short prefix) is counted afresh: each write would search them all. */
const MOST_TERMS = 8;
/** Words kept at most, the least recently searched let go first. */
const MOST_KEPT = 256;

export interface WordCount {
  /** The word's readings: terms of the text index. */
  terms: number[];
  /** Live items holding any of them. */
  live: number;
  counts: GroupCounts;
}

export class WordCounts {
  /** By the word's terms, ascending and joined; in order of last use (a Map keeps insertion order). */
  private readonly kept = new Map<string, WordCount>();
  /** Off: every one-word search counts its matches (tests compare the two ways). */
  enabled = true;

  constructor(private readonly index: CatalogueIndex) {}

  /** The words kept, each as its terms. */
  words(): number[][] {
    return [...this.kept.values()].map((word) => word.terms);
  }

  /**
   * The counts of the live items holding any of `terms` (one word's readings), current with the
   * index; null for a word that is not frequent, or read too many ways (count its matches instead).
   * The result is shared: read it, never change it.
   */
  of(terms: number[]): WordCount | null {
    if (!this.enabled) return null;
    const unique = [...new Set(terms)].sort((a, b) => a - b);
    const key = unique.join(',');
    const kept = this.kept.get(key);
    if (kept) {
      this.kept.delete(key);
      this.kept.set(key, kept);
      fitDictionaries(this.index, kept.counts);
      return kept;
    }
    const { text } = this.index;
    const frequency = unique.reduce((sum, term) => sum + text.documentFrequency(term), 0);
    if (unique.length > MOST_TERMS || frequency * FREQUENT_SHARE < this.index.size) return null;
    const made: WordCount = { terms: unique, live: 0, counts: emptyGroupCounts(this.index) };
    const { alive } = this.index;
    const counted = new Uint8Array(this.index.size);
    for (const term of unique) {
      text.forEachDocument(term, (doc) => {
        if (alive[doc] === 0 || counted[doc] === 1) return;
        counted[doc] = 1;
        made.live++;
        tally(this.index, doc, made.counts, 1);
      });
    }
    this.kept.set(key, made);
    if (this.kept.size > MOST_KEPT) this.kept.delete(this.kept.keys().next().value as string);
    return made;
  }

  /** Takes a document out, with the values its columns hold now: call before they are overwritten. */
  remove(doc: number): void {
    if (this.kept.size === 0 || this.index.alive[doc] === 0) return;
    this.move(doc, -1);
  }

  /** Puts a document in with the values its columns now hold, if it is live. */
  add(doc: number): void {
    if (this.kept.size === 0 || this.index.alive[doc] === 0) return;
    this.move(doc, 1);
  }

  private move(doc: number, sign: 1 | -1): void {
    const { text } = this.index;
    for (const word of this.kept.values()) {
      if (!word.terms.some((term) => text.holds(term, doc))) continue;
      fitDictionaries(this.index, word.counts);
      word.live += sign;
      tally(this.index, doc, word.counts, sign);
    }
  }
}

/** Adds (+1) or takes away (-1) one document's values. */
function tally(index: CatalogueIndex, doc: number, counts: GroupCounts, sign: 1 | -1): void {
  counts.directCategory[index.category[doc] as number] += sign;
  counts.store[index.store[doc] as number] += sign;
  counts.brand[index.brand[doc] as number] += sign;
  counts.condition[index.condition[doc] as number] += sign;
  const colour = index.colour[doc] as number;
  if (colour >= 0) counts.colour[colour] += sign;
  const storage = index.storage[doc] as number;
  if (storage >= 0) counts.storage[storage] += sign;
  counts.priceBand[index.priceBand[doc] as number] += sign;
  const flags = index.flags[doc] as number;
  if (flags & Flag.Postage) counts.postage += sign;
  if (flags & Flag.Pickup) counts.pickup += sign;
  if (flags & Flag.OnSale) counts.onSale += sign;
  if (flags & Flag.HasPictures) counts.hasPictures += sign;
}

/** Counts exactly as long as the dictionaries, which grow with new brands, colours and storage sizes. */
function fitDictionaries(index: CatalogueIndex, counts: GroupCounts): void {
  counts.brand = fitted(counts.brand, index.brands.size);
  counts.colour = fitted(counts.colour, index.colours.size);
  counts.storage = fitted(counts.storage, index.storages.size);
}

function fitted(counts: Int32Array, size: number): Int32Array {
  if (counts.length >= size) return counts;
  const longer = new Int32Array(size);
  longer.set(counts);
  return longer;
}
