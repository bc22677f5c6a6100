import { ScratchBits, ScratchInt32 } from './scratch.js';
import { editDistanceWithin, isStopWord, queryWords, stem, words } from './text-analysis.js';
import { typoCost } from './typo-cost.js';

/**
 * An in-memory inverted index over short texts (titles, brands, category names). Documents are
 * numbered 0..n-1 by the caller; postings stay sorted because documents only ever get appended.
 * Matching is AND over query words; each word matches its stem exactly, other words it is a prefix
 * of, and, when neither exists, words one or two likely typing slips away.
 *
 * Ranking puts what was typed first: an item whose own words (title, brand, colour: fields marked
 * `own`) hold a query word, as typed or as the near miss it was taken for, ranks above every item
 * holding that word only through its category's name or keywords or as the start of a longer word,
 * whatever their weights. Each such word adds OWN_TIER to the score, more than any item's weighted
 * score can reach (see OWN_TIER), so the count of words an item holds itself decides first.
 */

interface Postings {
  docs: Int32Array;
  weights: Uint8Array;
  /** Documents appended after the last build. */
  moreDocs: number[];
  moreWeights: number[];
}

interface SurfaceWord {
  termId: number;
  df: number;
}

/** A finished TextIndex as plain arrays, for a snapshot file (index-snapshot.ts). */
export interface TextIndexSnapshot {
  /** The stem of each term id. */
  stems: string[];
  /** Every surface word, sorted, with its term and the number of times it was indexed. */
  surfaceWords: string[];
  surfaceTerms: Int32Array;
  surfaceDf: Int32Array;
  /** Term t's postings are postingDocs/postingWeights[postingStarts[t] .. postingStarts[t + 1]). */
  postingStarts: Int32Array;
  postingDocs: Int32Array;
  postingWeights: Uint8Array;
  docLength: Uint16Array;
  docCount: number;
  totalLength: number;
}

export interface WeightedText {
  text: string;
  /** 1-15: how much a word of this field counts. */
  weight: number;
  /** The item's own words (title, brand, colour), not its category's: see the ranking above. */
  own?: boolean;
}

/**
 * A posting's byte: the heaviest field weight holding the term (low four bits) and whether any of
 * the item's own fields holds it (OWN_BIT).
 */
const WEIGHT_MASK = 0x0f;
const OWN_BIT = 0x10;

/**
 * Added to an item's score for each query word its own words hold. A word's weighted score is at
 * most 4 (keywords) x ln(1 + items) x 1 / 0.8 (the shortest length norm), about 70 at a million
 * items; a query is at most 200 characters, so at most 100 words: 8192 keeps the tiers apart, and
 * scores stay 32-bit floats exact to about a thousandth within them.
 */
export const OWN_TIER = 8192;

export interface TextMatch {
  /**
   * Matching documents, ascending. Read only: it may be the index's own postings. Like `scores`,
   * valid until the next match call (it may be the index's working array, reused by each match).
   */
  docs: Int32Array;
  /** Scores indexed by document; valid only for matched documents until the next match call. */
  scores: Float32Array;
  /** The corrected words when typo matching was used, for "showing results for" messages. */
  corrections: string[];
  /** The query's words as searched: each word typed, or the near miss it was taken for. */
  meant: string[];
  /** The terms whose postings together are exactly `docs` (a one-word search's readings), else null. */
  terms: number[] | null;
}

/** One reading of a query word; `typed`: the word as typed or the near miss it was taken for (not a longer word it begins). */
type Expansion = { termId: number; quality: number; typed: boolean };

interface NearMiss {
  word: string;
  termId: number;
  distance: number;
}

interface Expanded {
  expansions: Expansion[];
  /** For a word the index does not know: the words it may have meant, likeliest first. */
  nearMisses: NearMiss[];
  /** How many of the near misses are likely enough to be searched at first (the rest only when they find nothing). */
  likely: number;
}

const EXACT = 1;
const PREFIX = 0.7;
const FUZZY = 0.55;
const MAX_PREFIX_EXPANSIONS = 40;
const MAX_FUZZY_EXPANSIONS = 8;
/** How much a word's popularity (log of the items carrying it) counts against a slip's cost. */
const POPULARITY = 0.05;
/** Near-misses this close to the best one are searched too: either could be what was meant. */
const AS_LIKELY = 0.3;

function fuzzy(miss: NearMiss): Expansion {
  return { termId: miss.termId, quality: FUZZY / miss.distance, typed: true };
}

/**
 * The most a near miss may cost (typoCost) per slip allowed: a whole wrong letter, or a cheaper slip.
 * Adding, dropping or changing the first letter to a key not next to it costs 1.4: a word typed
 * that way is likelier a word the catalogue does not hold ('lamp') than a slip for one it does ('amp').
 */
const MOST_COST_PER_SLIP = 1;

/** A posting byte's share of a word's score: its field weight, or nothing. */
function weightOf(byte: number): number {
  return byte & WEIGHT_MASK;
}

/** OWN_TIER when a reading read as the word typed is in the item's own words, else 0. */
function tierOf(byte: number, typed: boolean): number {
  return typed && (byte & OWN_BIT) !== 0 ? OWN_TIER : 0;
}

function digitsOf(word: string): string {
  return word.replace(/\D/g, '');
}

export class TextIndex {
  private readonly termIds = new Map<string, number>();
  private postings: Postings[] = [];
  private readonly surface = new Map<string, SurfaceWord>();
  private sortedSurface: string[] = [];
  /** Words first seen after the last build; searched linearly for prefixes. */
  private newSurface: string[] = [];
  private docLength: Uint16Array = new Uint16Array(1024);
  private docCount = 0;
  private totalLength = 0;
  private seen: Int32Array = new Int32Array(1024);
  private scores: Float32Array = new Float32Array(1024);
  /** Per matched document: how many query words its own words hold (valid like `scores`). */
  private owned: Uint8Array = new Uint8Array(1024);
  private epoch = 1;
  /** The matches of the last match call (see scratch.ts). */
  private readonly matchScratch = new ScratchInt32();
  /** For putting many matches in order. */
  private readonly orderScratch = new ScratchBits();
  private building: { docs: number[]; weights: number[] }[] | null = [];
  private readonly expansionCache = new Map<string, Expanded>();

  get size(): number {
    return this.docCount;
  }

  /** Adds the next document (its number is the current size) and returns that number. */
  add(fields: WeightedText[]): number {
    const doc = this.docCount++;
    this.ensureCapacity(this.docCount);
    const termWeights = new Map<number, number>();
    let length = 0;
    for (const field of fields) {
      const own = field.own ? OWN_BIT : 0;
      for (const word of words(field.text)) {
        length++;
        const termId = this.termFor(word);
        const before = termWeights.get(termId) ?? 0;
        termWeights.set(termId, Math.max(before & WEIGHT_MASK, field.weight & WEIGHT_MASK) | (before & OWN_BIT) | own);
      }
    }
    this.docLength[doc] = Math.min(length, 65535);
    this.totalLength += length;
    for (const [termId, weight] of termWeights) {
      if (this.building) {
        const list = this.building[termId];
        if (list) {
          list.docs.push(doc);
          list.weights.push(weight);
        }
      } else {
        const p = this.postings[termId];
        if (p) {
          p.moreDocs.push(doc);
          p.moreWeights.push(weight);
        }
      }
    }
    if (!this.building) this.expansionCache.clear();
    return doc;
  }

  /** Packs postings into typed arrays; later additions are kept aside until the next full build. */
  finish(): void {
    if (!this.building) return;
    this.postings = this.building.map((list) => ({
      docs: Int32Array.from(list.docs),
      weights: Uint8Array.from(list.weights),
      moreDocs: [],
      moreWeights: [],
    }));
    this.building = null;
    this.afterPacking();
  }

  private afterPacking(): void {
    this.sortedSurface = [...this.surface.keys()].sort();
    this.newSurface = [];
    this.expansionCache.clear();
  }

  /**
   * finish() in steps: packs terms until `budgetMs` has passed, then awaits `pause` (a turn of the
   * event loop), so that packing a million items' postings never holds up other requests for long.
   */
  async finishInSteps(pause: () => Promise<void>, budgetMs: number): Promise<void> {
    const building = this.building;
    if (!building) return;
    const postings: Postings[] = new Array(building.length);
    let since = performance.now();
    for (let t = 0; t < building.length; t++) {
      const list = building[t] ?? { docs: [], weights: [] };
      postings[t] = {
        docs: Int32Array.from(list.docs),
        weights: Uint8Array.from(list.weights),
        moreDocs: [],
        moreWeights: [],
      };
      // Let the packed list's plain array go at once: at a million items they hold gigabytes' worth of boxes.
      building[t] = { docs: [], weights: [] };
      if (performance.now() - since > budgetMs) {
        await pause();
        since = performance.now();
      }
    }
    this.postings = postings;
    this.building = null;
    this.afterPacking();
  }

  /**
   * Copies of everything a later fromSnapshot needs (copies, so upserts made while a snapshot is
   * being written cannot tear it). Postings added since the build are merged in: documents only
   * ever get appended, so each term's list stays ascending.
   */
  toSnapshot(): TextIndexSnapshot {
    if (this.building) throw new Error('a text index is snapshotted only once built');
    const stems = new Array<string>(this.termIds.size);
    for (const [stemmed, termId] of this.termIds) stems[termId] = stemmed;
    const surfaceWords = [...this.surface.keys()].sort();
    const surfaceTerms = new Int32Array(surfaceWords.length);
    const surfaceDf = new Int32Array(surfaceWords.length);
    surfaceWords.forEach((word, i) => {
      const entry = this.surface.get(word);
      surfaceTerms[i] = entry?.termId ?? 0;
      surfaceDf[i] = entry?.df ?? 0;
    });
    const postingStarts = new Int32Array(this.postings.length + 1);
    for (let t = 0; t < this.postings.length; t++) {
      postingStarts[t + 1] = (postingStarts[t] as number) + this.documentFrequency(t);
    }
    const total = postingStarts[this.postings.length] as number;
    const postingDocs = new Int32Array(total);
    const postingWeights = new Uint8Array(total);
    this.postings.forEach((p, t) => {
      const start = postingStarts[t] as number;
      postingDocs.set(p.docs, start);
      postingWeights.set(p.weights, start);
      postingDocs.set(p.moreDocs, start + p.docs.length);
      postingWeights.set(p.moreWeights, start + p.docs.length);
    });
    return {
      stems,
      surfaceWords,
      surfaceTerms,
      surfaceDf,
      postingStarts,
      postingDocs,
      postingWeights,
      docLength: this.docLength.slice(0, this.docCount),
      docCount: this.docCount,
      totalLength: this.totalLength,
    };
  }

  /** A finished index from a snapshot; its postings are views of the snapshot's arrays, not copies. */
  static fromSnapshot(snapshot: TextIndexSnapshot): TextIndex {
    const index = new TextIndex();
    snapshot.stems.forEach((stemmed, termId) => {
      index.termIds.set(stemmed, termId);
    });
    snapshot.surfaceWords.forEach((word, i) => {
      index.surface.set(word, { termId: snapshot.surfaceTerms[i] as number, df: snapshot.surfaceDf[i] as number });
    });
    const { postingStarts, postingDocs, postingWeights } = snapshot;
    index.postings = snapshot.stems.map((_, t) => {
      const start = postingStarts[t] as number;
      const end = postingStarts[t + 1] as number;
      return {
        docs: postingDocs.subarray(start, end),
        weights: postingWeights.subarray(start, end),
        moreDocs: [],
        moreWeights: [],
      };
    });
    index.building = null;
    index.sortedSurface = snapshot.surfaceWords;
    index.docCount = snapshot.docCount;
    index.totalLength = snapshot.totalLength;
    index.ensureCapacity(snapshot.docCount);
    index.docLength.set(snapshot.docLength.subarray(0, snapshot.docCount));
    return index;
  }

  private termFor(word: string): number {
    let entry = this.surface.get(word);
    if (!entry) {
      const stemmed = stem(word);
      let termId = this.termIds.get(stemmed);
      if (termId === undefined) {
        termId = this.termIds.size;
        this.termIds.set(stemmed, termId);
        if (this.building) this.building.push({ docs: [], weights: [] });
        else this.postings.push({ docs: new Int32Array(0), weights: new Uint8Array(0), moreDocs: [], moreWeights: [] });
      }
      entry = { termId, df: 0 };
      this.surface.set(word, entry);
      if (!this.building) this.newSurface.push(word);
    }
    entry.df++;
    return entry.termId;
  }

  private ensureCapacity(n: number): void {
    if (n <= this.seen.length) return;
    const capacity = Math.max(n, this.seen.length * 2);
    const length = new Uint16Array(capacity);
    length.set(this.docLength);
    this.docLength = length;
    this.seen = new Int32Array(capacity);
    this.scores = new Float32Array(capacity);
    this.owned = new Uint8Array(capacity);
    this.epoch = 1;
  }

  /** The documents holding a term, live or not. */
  documentFrequency(termId: number): number {
    const p = this.postings[termId];
    return p ? p.docs.length + p.moreDocs.length : 0;
  }

  /** Calls `each` with every document holding a term, ascending. */
  forEachDocument(termId: number, each: (doc: number) => void): void {
    const p = this.postings[termId];
    if (!p) return;
    for (let i = 0; i < p.docs.length; i++) each(p.docs[i] as number);
    for (let i = 0; i < p.moreDocs.length; i++) each(p.moreDocs[i] as number);
  }

  /** Whether a document holds a term (a binary search of its postings). */
  holds(termId: number, doc: number): boolean {
    const p = this.postings[termId];
    if (!p) return false;
    const firstMore = p.moreDocs[0];
    return firstMore !== undefined && doc >= firstMore ? ascendingHas(p.moreDocs, doc) : ascendingHas(p.docs, doc);
  }

  /** Surface words starting with `prefix`, most frequent first. */
  wordsWithPrefix(prefix: string, limit: number): { word: string; df: number }[] {
    const found: { word: string; df: number }[] = [];
    let lo = 0;
    let hi = this.sortedSurface.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.sortedSurface[mid] ?? '') < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.sortedSurface.length; i++) {
      const word = this.sortedSurface[i] ?? '';
      if (!word.startsWith(prefix)) break;
      found.push({ word, df: this.surface.get(word)?.df ?? 0 });
    }
    for (const word of this.newSurface) {
      if (word.startsWith(prefix)) found.push({ word, df: this.surface.get(word)?.df ?? 0 });
    }
    found.sort((a, b) => b.df - a.df || a.word.localeCompare(b.word));
    return found.slice(0, limit);
  }

  /** The likeliest known word a misspelt one meant, or null (also for known words and prefixes). */
  correct(word: string): string | null {
    return this.expand(word, true).nearMisses[0]?.word ?? null;
  }

  private expand(word: string, isLast: boolean): Expanded {
    const key = `${isLast ? 'L' : 'W'}:${word}`;
    const cached = this.expansionCache.get(key);
    if (cached) return cached;
    const expansions: Expansion[] = [];
    const used = new Set<number>();
    const exact = this.termIds.get(stem(word));
    if (exact !== undefined) {
      expansions.push({ termId: exact, quality: EXACT, typed: true });
      used.add(exact);
    }
    const minPrefix = isLast ? 2 : 3;
    if (word.length >= minPrefix && !/^\d+$/.test(word)) {
      for (const { word: candidate } of this.wordsWithPrefix(word, MAX_PREFIX_EXPANSIONS * 2)) {
        const termId = this.surface.get(candidate)?.termId;
        if (termId === undefined || used.has(termId)) continue;
        used.add(termId);
        expansions.push({ termId, quality: PREFIX, typed: false });
        if (expansions.length >= MAX_PREFIX_EXPANSIONS) break;
      }
    }
    let nearMisses: NearMiss[] = [];
    let likely = 0;
    if (expansions.length === 0 && word.length >= 4 && !/^\d+$/.test(word)) {
      ({ nearMisses, likely } = this.nearMisses(word));
      for (const miss of nearMisses.slice(0, likely)) expansions.push(fuzzy(miss));
    }
    const result = { expansions, nearMisses, likely };
    if (this.expansionCache.size > 5000) this.expansionCache.clear();
    this.expansionCache.set(key, result);
    return result;
  }

  /**
   * The known words a misspelt one may have meant, likeliest first: within one slip (two for long
   * words) by plain edit distance and costing at most MOST_COST_PER_SLIP per slip, ranked by how
   * shoppers slip (typoCost) less a little for each tenfold more items carrying the word. `likely`
   * counts those about as likely as the best. Never a stop word ('swith' is 'switch', not the 'with'
   * of every other title), and never a word with other digits ('q700c' is another model than 'q600c').
   */
  private nearMisses(word: string): { nearMisses: NearMiss[]; likely: number } {
    const max = word.length >= 8 ? 2 : 1;
    const digits = digitsOf(word);
    const candidates: (NearMiss & { rank: number })[] = [];
    for (const [candidate, entry] of this.surface) {
      if (Math.abs(candidate.length - word.length) > max || isStopWord(candidate)) continue;
      if (digitsOf(candidate) !== digits) continue;
      const distance = editDistanceWithin(word, candidate, max);
      if (distance > max) continue;
      const cost = typoCost(word, candidate);
      if (cost > max * MOST_COST_PER_SLIP) continue;
      const rank = cost - POPULARITY * Math.log(Math.max(1, entry.df));
      candidates.push({ word: candidate, termId: entry.termId, distance, rank });
    }
    candidates.sort((a, b) => a.rank - b.rank || a.word.localeCompare(b.word));
    // One near miss per term: 'lapto' may be 'laptop' or 'laptops', which search alike.
    const nearMisses: NearMiss[] = [];
    const terms = new Set<number>();
    let likely = 0;
    for (const { word: candidate, termId, distance, rank } of candidates) {
      if (terms.has(termId)) continue;
      terms.add(termId);
      nearMisses.push({ word: candidate, termId, distance });
      if (rank <= (candidates[0]?.rank ?? 0) + AS_LIKELY) likely++;
      if (nearMisses.length >= MAX_FUZZY_EXPANSIONS) break;
    }
    return { nearMisses, likely };
  }

  /** Documents containing every query word (as a stem, a prefix or a near miss), with scores. */
  match(query: string): TextMatch {
    const tokens = queryWords(query);
    const empty: TextMatch = {
      docs: new Int32Array(0),
      scores: this.scores,
      corrections: [],
      meant: tokens,
      terms: null,
    };
    if (tokens.length === 0 || this.docCount === 0) return empty;
    const expanded = tokens.map((token, i) => this.expand(token, i === tokens.length - 1));
    if (expanded.some((e) => e.expansions.length === 0)) {
      return { ...empty, meant: tokens.map((token, i) => expanded[i]?.nearMisses[0]?.word ?? token) };
    }
    const single = tokens.length === 1 ? expanded[0] : undefined;
    if (single && single.expansions.length === 1 && single.nearMisses.length === 0) {
      // One word that is one term (most broad searches): its postings are the matches, in order.
      const only = single.expansions[0] as Expansion;
      return {
        docs: this.scoreOneTerm(only),
        scores: this.scores,
        corrections: [],
        meant: tokens,
        terms: [only.termId],
      };
    }
    let found = this.intersect(expanded.map((e) => e.expansions));
    let terms = single ? single.expansions.map((e) => e.termId) : null;
    // No item holds every word as its likeliest reading: a less likely near miss may be what was
    // meant ('geen iphone' is a green iPhone, although 'gen' is the nearer word).
    if (found.docs.length === 0 && expanded.some((e) => e.nearMisses.length > e.likely)) {
      found = this.intersect(expanded.map((e) => (e.nearMisses.length > 0 ? e.nearMisses.map(fuzzy) : e.expansions)));
      terms = null;
    }
    // Each misspelt word reads as its likeliest near miss that the results actually hold.
    const meant = tokens.map((token, i) => {
      const misses = expanded[i]?.nearMisses ?? [];
      return (misses.find((m) => this.holdsAny(m.termId, found.mark)) ?? misses[0])?.word ?? token;
    });
    const corrections = meant.filter((word, i) => word !== tokens[i]);
    return { docs: found.docs, scores: this.scores, corrections, meant, terms };
  }

  /**
   * The documents of one term, ascending, each scored as intersect and collect score them (the
   * same arithmetic, rounded to a float where they store one), in one pass and without marks.
   */
  private scoreOneTerm({ termId, quality, typed }: Expansion): Int32Array {
    const p = this.postings[termId];
    if (!p) return new Int32Array(0);
    const scores = this.scores;
    const docLength = this.docLength;
    const averageLength = this.totalLength / this.docCount || 1;
    const idf = Math.log(1 + this.docCount / Math.max(1, this.documentFrequency(termId)));
    // Without later additions the packed postings are the answer as they are (callers only read it).
    let found = p.docs;
    if (p.moreDocs.length > 0) {
      found = this.matchScratch.take(p.docs.length + p.moreDocs.length);
      found.set(p.docs);
      for (let i = 0; i < p.moreDocs.length; i++) found[p.docs.length + i] = p.moreDocs[i] as number;
    }
    for (let part = 0, at = 0; part < 2; part++) {
      const weights = part === 0 ? p.weights : p.moreWeights;
      const length = weights.length;
      for (let i = 0; i < length; i++, at++) {
        const doc = found[at] as number;
        const byte = weights[i] as number;
        const lengthNorm = 0.8 + 0.2 * ((docLength[doc] ?? 1) / averageLength);
        scores[doc] = tierOf(byte, typed) + Math.fround(weightOf(byte) * idf * quality) / lengthNorm;
      }
    }
    return found;
  }

  /** Whether any document of a term's postings carries `mark` (the documents an intersection found). */
  private holdsAny(termId: number, mark: number): boolean {
    const p = this.postings[termId];
    if (!p) return false;
    for (let i = 0; i < p.docs.length; i++) if (this.seen[p.docs[i] as number] === mark) return true;
    for (let i = 0; i < p.moreDocs.length; i++) if (this.seen[p.moreDocs[i] as number] === mark) return true;
    return false;
  }

  /**
   * Documents holding, for every word, one of its expansions, scored; each found document is left
   * marked with the returned `mark` in `seen` until the next intersection.
   */
  private intersect(expanded: Expansion[][]): { docs: Int32Array; mark: number } {
    if (this.epoch > 0x3fffffff) {
      this.seen.fill(0);
      this.epoch = 1;
    }
    const base = this.epoch;
    const last = expanded.length;
    this.epoch += last + 2;
    const n = this.docCount;
    const seen = this.seen;
    const scores = this.scores;
    const owned = this.owned;

    // Plain loops rather than a callback per posting: this runs once for every posting of every
    // expansion, up to hundreds of thousands of times for a broad word at a million items. The
    // documents still in the running are kept in `candidates`: once they are few, a later word is
    // looked up for each of them (a binary search per expansion) instead of walking its postings.
    // The matches so far, in the match's working array: a later word's walk writes the documents
    // it keeps over them in place (it reads marks, never the list, and keeps at most as many).
    const candidates = this.matchScratch.take(this.postingTotal(expanded[0] ?? []));
    let count = 0;
    for (let t = 0; t < expanded.length; t++) {
      const expectedBefore = base + t;
      const first = t === 0;
      const expansions = expanded[t] ?? [];
      if (!first && count * this.probeCost(expansions) < this.postingTotal(expansions)) {
        count = this.probe(expansions, candidates, count, expectedBefore);
        continue;
      }
      const next = candidates;
      let kept = 0;
      for (const { termId, quality, typed } of expansions) {
        const p = this.postings[termId];
        if (!p) continue;
        const idf = Math.log(1 + n / Math.max(1, this.documentFrequency(termId)));
        const ownCounts = typed ? OWN_BIT : 0;
        for (let part = 0; part < 2; part++) {
          const docs = part === 0 ? p.docs : p.moreDocs;
          const weights = part === 0 ? p.weights : p.moreWeights;
          const length = docs.length;
          for (let i = 0; i < length; i++) {
            const doc = docs[i] as number;
            const mark = seen[doc] as number;
            if (first) {
              // The first word admits every document it names, scored by its first expansion holding it.
              if (mark !== base + 1) {
                const byte = weights[i] as number;
                seen[doc] = base + 1;
                scores[doc] = (byte & WEIGHT_MASK) * idf * quality;
                owned[doc] = (byte & ownCounts) === 0 ? 0 : 1;
                next[kept++] = doc;
              }
            } else if (mark === expectedBefore) {
              const byte = weights[i] as number;
              seen[doc] = expectedBefore + 1;
              scores[doc] = (scores[doc] as number) + (byte & WEIGHT_MASK) * idf * quality;
              if ((byte & ownCounts) !== 0) owned[doc] = (owned[doc] as number) + 1;
              next[kept++] = doc;
            }
          }
        }
      }
      count = kept;
    }
    return { docs: this.collectFrom(candidates, count, base + last), mark: base + last + 1 };
  }

  /** The postings of a word's expansions, all told. */
  private postingTotal(expansions: Expansion[]): number {
    let total = 0;
    for (const { termId } of expansions) total += this.documentFrequency(termId);
    return total;
  }

  /** About how many steps looking one document up in every expansion of a word takes. */
  private probeCost(expansions: Expansion[]): number {
    let steps = 0;
    for (const { termId } of expansions) steps += 32 - Math.clz32(this.documentFrequency(termId) + 1);
    return steps;
  }

  /**
   * A later word by lookup: each candidate (marked `expectedBefore`) is scored by the first of the
   * word's expansions holding it, as the walk would score it, and kept (in place, in order) if any does.
   */
  private probe(expansions: Expansion[], candidates: Int32Array, count: number, expectedBefore: number): number {
    const seen = this.seen;
    const scores = this.scores;
    const owned = this.owned;
    const n = this.docCount;
    const terms = expansions.map(({ termId, quality, typed }) => ({
      p: this.postings[termId],
      quality,
      ownCounts: typed ? OWN_BIT : 0,
      idf: Math.log(1 + n / Math.max(1, this.documentFrequency(termId))),
    }));
    let kept = 0;
    for (let c = 0; c < count; c++) {
      const doc = candidates[c] as number;
      for (const { p, quality, ownCounts, idf } of terms) {
        if (!p) continue;
        let weight = -1;
        const firstMore = p.moreDocs[0];
        if (firstMore !== undefined && doc >= firstMore) {
          const at = ascendingIndex(p.moreDocs, doc);
          if (at >= 0) weight = p.moreWeights[at] as number;
        } else {
          const at = ascendingIndex(p.docs, doc);
          if (at >= 0) weight = p.weights[at] as number;
        }
        if (weight < 0) continue;
        seen[doc] = expectedBefore + 1;
        scores[doc] = (scores[doc] as number) + (weight & WEIGHT_MASK) * idf * quality;
        if ((weight & ownCounts) !== 0) owned[doc] = (owned[doc] as number) + 1;
        candidates[kept++] = doc;
        break;
      }
    }
    return kept;
  }

  /**
   * The candidates (all marked `complete`: they hold every word), ascending, each scored for its
   * length, lifted by OWN_TIER per word its own words hold, and re-marked `complete + 1`.
   */
  private collectFrom(candidates: Int32Array, count: number, complete: number): Int32Array {
    const seen = this.seen;
    const scores = this.scores;
    const owned = this.owned;
    const docLength = this.docLength;
    const averageLength = this.totalLength / this.docCount || 1;
    const docs = candidates.subarray(0, count);
    let ascending = true;
    let previous = -1;
    for (let i = 0; i < count; i++) {
      const doc = docs[i] as number;
      seen[doc] = complete + 1;
      const lengthNorm = 0.8 + 0.2 * ((docLength[doc] ?? 1) / averageLength);
      scores[doc] = (owned[doc] as number) * OWN_TIER + (scores[doc] as number) / lengthNorm;
      if (doc < previous) ascending = false;
      previous = doc;
    }
    if (ascending) return docs;
    return inOrder(docs, this.docCount, this.orderScratch);
  }
}

/**
 * Documents put in ascending order, in place: by sorting when they are few, else by a scan of a
 * bitmap of them (cheaper than sorting tens of thousands of numbers).
 */
function inOrder(docs: Int32Array, docCount: number, scratch: ScratchBits): Int32Array {
  if (docs.length * 16 < docCount) return docs.sort();
  const bits = scratch.takeCleared((docCount + 31) >>> 5);
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i] as number;
    bits[doc >>> 5] = (bits[doc >>> 5] as number) | (1 << (doc & 31));
  }
  let at = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w] as number;
    if (word === 0) continue;
    bits[w] = 0; // left cleared for the next user
    while (word !== 0) {
      const lowest = word & -word;
      docs[at++] = (w << 5) + 31 - Math.clz32(lowest);
      word ^= lowest;
    }
  }
  return docs;
}

/** Binary search of an ascending list. */
function ascendingHas(list: ArrayLike<number>, value: number): boolean {
  return ascendingIndex(list, value) >= 0;
}

/** Where a value is in an ascending list, or -1. */
function ascendingIndex(list: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = list[mid] as number;
    if (at === value) return mid;
    if (at < value) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}
