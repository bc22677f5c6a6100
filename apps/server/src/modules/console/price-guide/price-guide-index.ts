import {
  ConditionLabel,
  PRICE_GUIDE_MAX_COMPARABLES,
  PRICE_GUIDE_SOLD_DAYS,
  type PriceGuideConfidence,
} from '@shop/contract';
import { categoryWordsOf, hasDigit, modelWords, VARIANT_WORDS, wordsOf } from './model-words.js';
import { shelfPriceMinor } from './shelf-price.js';
import {
  appendPosting,
  EMPTY_POSTINGS,
  grown,
  newPostings,
  type PostingList,
  postingCount,
  StringTable,
  TextPool,
} from './slot-columns.js';

/**
 * The price guide's in-memory index of one region: every item on sale now and every item sold in
 * the last 180 days, keyed by category and by model word, so that a guide call reads the postings
 * of its rarest model word in one category (or its parent's few), never the catalogue.
 *
 * How comparables are found (the console's README has the same in words for staff):
 * 1. The category asked for, with its subcategories; when that gives fewer than
 *    PARENT_FALLBACK_BELOW comparables, the parent's whole branch instead (MatchedOn says so).
 * 2. The brand, when given (case and spacing aside).
 * 3. The model words (model-words.ts): a comparable carries every model word of the query that
 *    names something (a word with a digit, a variant word, or a word some item of the scope
 *    carries; a word no item carries, a typo or an unlisted filler word, is dropped and not shown
 *    in MatchedOn.ModelWords), and no variant word the query lacks ("iPhone 13" never matches an
 *    "iPhone 13 Pro" or "mini").
 * 4. Sold within PRICE_GUIDE_SOLD_DAYS of now, or on sale now (not the item being priced).
 * Closest first: the larger share of the comparable's model words the query has, then the nearer
 * condition, then the more recent sale or listing.
 */

/** Below this many comparables in the category asked for, its parent's branch is searched instead. */
export const PARENT_FALLBACK_BELOW = 5;
/** Fewer sold comparables than this: no suggestion (Confidence 'None'). */
export const MIN_SOLD_FOR_SUGGESTION = 3;
/** Confidence thresholds (sold comparables): see confidenceOf. */
export const HIGH_CONFIDENCE_SOLD = 10;
export const MEDIUM_CONFIDENCE_SOLD = 5;
/** A group's condition needs this many sales before the group's own ratio between conditions is used. */
const GROUP_SALES_PER_CONDITION = 2;
/** A category's (or the region's) step ratio needs this many groups that show it. */
const MIN_GROUPS_FOR_STEP = 3;
/**
 * The candidates looked at per category at most (an even sample beyond): far more than any one
 * model has, and a bound on the work of a title that names no model (a whole category: at a
 * million items, 27,000 matches took a guide call to 220 ms at the median on a loaded machine).
 */
export const MAX_CANDIDATES_PER_CATEGORY = 6_000;
/** A better condition never lowers the price, and one step never more than doubles it. */
const STEP_RATIO_BOUNDS: [number, number] = [1, 2];

const DAY_MS = 86_400_000;

export interface GuideCategory {
  id: number;
  parentId: number | null;
  name: string;
  keywords: string;
}

/** One item as the guide keeps it. `at`: the sale's time for a sold item, the listing's for a listed one (epoch ms). */
export interface GuideItem {
  id: number;
  code: string;
  slug: string;
  title: string;
  brand: string;
  categoryId: number;
  condition: number;
  priceMinor: number;
  status: 'sold' | 'listed';
  at: number;
  storeName: string;
}

interface CategoryNode extends GuideCategory {
  /** Its place in the constructor's list (what a slot records). */
  ordinal: number;
  words: Set<string>;
  /** This category and every category below it. */
  branch: number[];
}

/** A category's slots (emptied slots stay in them), all and by model word (numbered by `words`). */
interface CategoryPostings {
  all: PostingList;
  byWord: Map<number, PostingList>;
}

/** A slot's state. */
const EMPTY = 0;
const LISTED = 1;
const SOLD = 2;

/** Slots the columns start with; they double as items come. */
const FIRST_CAPACITY = 1024;

export interface GuideQuery {
  categoryId: number;
  title: string;
  brand?: string | undefined;
  /** 1-5; 0 or absent: not graded, nothing is adjusted. */
  condition?: number | undefined;
  /** The item being priced (editing it): never its own comparable. */
  excludeCode?: string | undefined;
  now: number;
}

export interface GuideAnswer {
  soldMedianMinor: number | null;
  listedMedianMinor: number | null;
  lowMinor: number | null;
  highMinor: number | null;
  soldCount: number;
  listedCount: number;
  confidence: PriceGuideConfidence;
  confidenceReason: string;
  suggestedMinor: number | null;
  conditionAdjustment: { fromCondition: number | null; percent: number } | null;
  comparables: GuideItem[];
  matchedOn: {
    categoryId: number;
    categoryName: string;
    usedParentCategory: boolean;
    brand: string | null;
    modelWords: string[];
  };
}

/** How price moves per condition step (index c: from condition c to c + 1, c = 1..4), and where that came from. */
interface StepRatios {
  byCategory: Map<number, (number | null)[]>;
  region: (number | null)[];
  /** Sold entries the estimate was made from, and when. */
  builtAt: number;
}

const variantBit = new Map([...VARIANT_WORDS].map((word, i) => [word, 1 << i]));

function normaliseBrand(brand: string): string {
  return wordsOf(brand).join(' ');
}

/** The p-th percentile (0-1) of sorted values, interpolated between the nearest ranks (as a spreadsheet's PERCENTILE.INC), rounded to a whole minor unit. */
export function percentile(sorted: ArrayLike<number>, p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = (sorted.length - 1) * p;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = sorted[low] as number;
  const highValue = sorted[high] as number;
  return Math.round(lowValue + (highValue - lowValue) * (rank - low));
}

/** Numbers in ascending order (a typed array's sort: numeric, no comparator calls). */
function sortedNumbers(values: number[]): Float64Array {
  return Float64Array.from(values).sort();
}

/** A comparable's place among the closest: more of its model words asked, nearer condition, more recent. */
interface Ranked {
  slot: number;
  closeness: number;
  distance: number;
  at: number;
}

function closer(closeness: number, distance: number, at: number, than: Ranked): boolean {
  if (closeness !== than.closeness) return closeness > than.closeness;
  if (distance !== than.distance) return distance < than.distance;
  return at > than.at;
}

/** The median of values that need not be whole (ratios). */
function medianExact(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return ((sorted[Math.floor(mid)] as number) + (sorted[Math.ceil(mid)] as number)) / 2;
}

const clampRatio = (ratio: number) => Math.min(STEP_RATIO_BOUNDS[1], Math.max(STEP_RATIO_BOUNDS[0], ratio));

/**
 * The ratio of the median prices of adjacent conditions within one group of sales (index c: c to
 * c + 1), where both conditions have at least `minSales` sales.
 */
function groupSteps(byCondition: number[][], minSales: number): (number | null)[] {
  const medians = byCondition.map((prices) => (prices.length >= minSales ? medianExact(prices) : null));
  const steps: (number | null)[] = [null];
  for (let c = 1; c <= 4; c++) {
    const lower = medians[c];
    const upper = medians[c + 1];
    steps.push(lower && upper ? upper / lower : null);
  }
  return steps;
}

/**
 * The index keeps each item in a numbered slot, its fields in columns (typed arrays indexed by
 * slot, struct-of-arrays), never as an object per item: see slot-columns.ts for why. A slot is
 * taken for good: an item changed takes a new one and its old slot is emptied, so postings only
 * ever grow at the end and keep the order items came in (the closest ten and the even sample
 * depend on that order). The slots' text and postings of emptied slots stay until the next rebuild.
 */
export class PriceGuideIndex {
  /** Slots taken so far (emptied ones included). */
  private slots = 0;
  private capacity = FIRST_CAPACITY;
  private ids = new Float64Array(FIRST_CAPACITY);
  /** EMPTY, LISTED or SOLD. */
  private states = new Uint8Array(FIRST_CAPACITY);
  private ats = new Float64Array(FIRST_CAPACITY);
  private prices = new Float64Array(FIRST_CAPACITY);
  private conditions = new Uint8Array(FIRST_CAPACITY);
  /** The category's ordinal (CategoryNode.ordinal). */
  private categoryOf = new Int32Array(FIRST_CAPACITY);
  /** Bits of the VARIANT_WORDS the item carries. */
  private variantsOf = new Int32Array(FIRST_CAPACITY);
  /** Numbers in `brands`, `stores`. */
  private brandOf = new Int32Array(FIRST_CAPACITY);
  private storeOf = new Int32Array(FIRST_CAPACITY);
  /** A slot's model words (numbers in `words`) are wordPool[wordStart[slot] .. wordStart[slot + 1]). */
  private wordStart = new Int32Array(FIRST_CAPACITY + 1);
  private wordPool = new Int32Array(FIRST_CAPACITY * 4);
  /** A slot's code, slug and title follow one another in `text` from textStart[slot] to textStart[slot + 1]. */
  private textStart = new Int32Array(FIRST_CAPACITY + 1);
  private codeLength = new Uint16Array(FIRST_CAPACITY);
  private slugLength = new Uint16Array(FIRST_CAPACITY);
  private readonly text = new TextPool();
  /** Code, slug and title of a slot whose code or slug is too long for the length columns. */
  private readonly longText = new Map<number, { code: string; slug: string; title: string }>();

  private readonly slotById = new Map<number, number>();
  private readonly postings = new Map<number, CategoryPostings>();
  private readonly categories = new Map<number, CategoryNode>();
  private readonly categoryIds: number[] = [];
  /**
   * One copy of each repeated string, by number: model words, brands as given, brands normalised
   * (what a query's brand is matched on), store names.
   */
  private readonly words = new StringTable();
  private readonly brands = new StringTable();
  private readonly brandKeys = new StringTable();
  private readonly stores = new StringTable();
  /** By brand number: its normalised form's number in `brandKeys`, and its words (left out of its items' model words). */
  private readonly brandKeyOf: number[] = [];
  private readonly brandWordSets: Set<string>[] = [];
  /** Every brand's words: left out of a query's model words when it names no brand. */
  private readonly brandWords = new Set<string>();
  private steps: StepRatios | null = null;
  private stepsScheduled = false;
  /** Sold items added or changed since the step ratios were estimated. */
  private soldChanged = true;
  /** The change-feed position the index has applied (its holder's business). */
  seq = 0;

  constructor(categories: GuideCategory[]) {
    for (const category of categories) {
      this.categories.set(category.id, {
        ...category,
        ordinal: this.categoryIds.length,
        words: categoryWordsOf(category.name, category.keywords),
        branch: [],
      });
      this.categoryIds.push(category.id);
    }
    for (const node of this.categories.values()) {
      for (
        let at: CategoryNode | undefined = node;
        at;
        at = at.parentId === null ? undefined : this.categories.get(at.parentId)
      ) {
        at.branch.push(node.id);
      }
    }
  }

  get size(): number {
    return this.slotById.size;
  }

  hasCategory(id: number): boolean {
    return this.categories.has(id);
  }

  /** Adds the item or replaces what the index held of it. */
  upsert(item: GuideItem): void {
    this.remove(item.id);
    const category = this.categories.get(item.categoryId);
    if (!category) return;
    const brand = this.brand(item.brand);
    const words = modelWords(item.title, {
      brandWords: this.brandWordSets[brand] as Set<string>,
      categoryWords: category.words,
    });
    if (this.slots === this.capacity) this.grow();
    const slot = this.slots++;
    let variants = 0;
    let wordAt = this.wordStart[slot] as number;
    if (wordAt + words.length > this.wordPool.length) {
      this.wordPool = grown(this.wordPool, Math.max(this.wordPool.length * 2, wordAt + words.length));
    }
    const wordNumbers: number[] = [];
    for (const word of words) {
      variants |= variantBit.get(word) ?? 0;
      const number = this.words.add(word);
      wordNumbers.push(number);
      this.wordPool[wordAt++] = number;
    }
    this.wordStart[slot + 1] = wordAt;
    this.ids[slot] = item.id;
    this.states[slot] = item.status === 'sold' ? SOLD : LISTED;
    this.ats[slot] = item.at;
    this.prices[slot] = item.priceMinor;
    this.conditions[slot] = item.condition;
    this.categoryOf[slot] = category.ordinal;
    this.variantsOf[slot] = variants;
    this.brandOf[slot] = brand;
    this.storeOf[slot] = this.stores.add(item.storeName);
    this.addText(slot, item);
    this.slotById.set(item.id, slot);

    let postings = this.postings.get(item.categoryId);
    if (!postings) {
      postings = { all: newPostings(slot), byWord: new Map() };
      this.postings.set(item.categoryId, postings);
    } else postings.all = appendPosting(postings.all, slot);
    for (const number of wordNumbers) {
      const list = postings.byWord.get(number);
      const next = list ? appendPosting(list, slot) : newPostings(slot);
      if (next !== list) postings.byWord.set(number, next);
    }
    if (item.status === 'sold') this.soldChanged = true;
  }

  /** The brand's number (as given), its normalised form and its words noted the first time it is seen. */
  private brand(name: string): number {
    const known = this.brands.find(name);
    if (known >= 0) return known;
    const number = this.brands.add(name);
    this.brandKeyOf[number] = this.brandKeys.add(normaliseBrand(name));
    const words = new Set(wordsOf(name));
    this.brandWordSets[number] = words;
    for (const word of words) this.brandWords.add(word);
    return number;
  }

  private addText(slot: number, item: GuideItem): void {
    const start = this.text.end;
    this.text.add(item.code);
    const codeLength = this.text.end - start;
    this.text.add(item.slug);
    const slugLength = this.text.end - start - codeLength;
    this.text.add(item.title);
    this.textStart[slot + 1] = this.text.end;
    if (codeLength > 0xffff || slugLength > 0xffff) {
      this.longText.set(slot, { code: item.code, slug: item.slug, title: item.title });
    }
    this.codeLength[slot] = codeLength;
    this.slugLength[slot] = slugLength;
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    this.ids = grown(this.ids, capacity);
    this.states = grown(this.states, capacity);
    this.ats = grown(this.ats, capacity);
    this.prices = grown(this.prices, capacity);
    this.conditions = grown(this.conditions, capacity);
    this.categoryOf = grown(this.categoryOf, capacity);
    this.variantsOf = grown(this.variantsOf, capacity);
    this.brandOf = grown(this.brandOf, capacity);
    this.storeOf = grown(this.storeOf, capacity);
    this.wordStart = grown(this.wordStart, capacity + 1);
    this.textStart = grown(this.textStart, capacity + 1);
    this.codeLength = grown(this.codeLength, capacity);
    this.slugLength = grown(this.slugLength, capacity);
    this.capacity = capacity;
  }

  /** Forgets the item (reserved, withdrawn, deleted). Its slot stays in the postings, empty. */
  remove(id: number): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    if (this.states[slot] === SOLD) this.soldChanged = true;
    this.states[slot] = EMPTY;
    this.longText.delete(slot);
    this.slotById.delete(id);
  }

  /** The slot's model words (numbers in `words`). */
  private slotWords(slot: number): Int32Array {
    return this.wordPool.subarray(this.wordStart[slot], this.wordStart[slot + 1]);
  }

  /**
   * How price moves with condition, estimated from the region's sales of the last 180 days: sales
   * are grouped by category, brand and model words (one group: one model); within each group the
   * median price of each condition is compared with the next condition's; a category's ratio for a
   * step is the median of its groups' ratios, and the region's the median of all groups'. Made
   * again when sales have changed and it is older than `maxAgeMs` (it reads every sale once).
   */
  stepRatios(now: number, maxAgeMs = 10 * 60_000): StepRatios {
    if (this.steps && (!this.soldChanged || now - this.steps.builtAt < maxAgeMs)) return this.steps;
    const since = now - PRICE_GUIDE_SOLD_DAYS * DAY_MS;
    const groups = new Map<string, { categoryId: number; byCondition: number[][] }>();
    const { states, ats, conditions, categoryOf, brandOf, prices } = this;
    for (let slot = 0; slot < this.slots; slot++) {
      const condition = conditions[slot] as number;
      if (states[slot] !== SOLD || (ats[slot] as number) < since || condition < 1) continue;
      // Words are numbered one to one, so sorted numbers group the same sales as sorted words.
      const words = [...this.slotWords(slot)].sort((a, b) => a - b);
      const key = `${categoryOf[slot]}|${this.brandKeyOf[brandOf[slot] as number]}|${words.join(' ')}`;
      let group = groups.get(key);
      if (!group) {
        group = {
          categoryId: this.categoryIds[categoryOf[slot] as number] as number,
          byCondition: [[], [], [], [], [], []],
        };
        groups.set(key, group);
      }
      group.byCondition[condition]?.push(prices[slot] as number);
    }
    const perCategory = new Map<number, number[][]>();
    const perRegion: number[][] = [[], [], [], [], []];
    for (const group of groups.values()) {
      const steps = groupSteps(group.byCondition, 1);
      let lists = perCategory.get(group.categoryId);
      if (!lists) {
        lists = [[], [], [], [], []];
        perCategory.set(group.categoryId, lists);
      }
      for (let c = 1; c <= 4; c++) {
        const ratio = steps[c];
        if (ratio == null) continue;
        lists[c]?.push(ratio);
        perRegion[c]?.push(ratio);
      }
    }
    const estimate = (lists: number[][]) =>
      lists.map((ratios, c) => (c >= 1 && ratios.length >= MIN_GROUPS_FOR_STEP ? medianExact(ratios) : null));
    const byCategory = new Map<number, (number | null)[]>();
    for (const [categoryId, lists] of perCategory) byCategory.set(categoryId, estimate(lists));
    this.steps = { byCategory, region: estimate(perRegion), builtAt: now };
    this.soldChanged = false;
    return this.steps;
  }

  /**
   * The step ratios for a guide call: the current estimate at once, and when sales have changed
   * since it was made (and it is older than the interval), a new one made after this call has been
   * answered, so no guide call waits for a pass over every sale. The first estimate is made here.
   */
  private freshEnoughSteps(now: number): StepRatios {
    const current = this.steps;
    if (!current) return this.stepRatios(now);
    if (this.soldChanged && !this.stepsScheduled && now - current.builtAt >= 10 * 60_000) {
      this.stepsScheduled = true;
      setImmediate(() => {
        this.stepsScheduled = false;
        this.stepRatios(now);
      });
    }
    return current;
  }

  /** The guide for one query (the category must exist: the service checks it first). */
  guide(query: GuideQuery): GuideAnswer {
    const asked = this.categories.get(query.categoryId);
    if (!asked) throw new Error(`unknown category ${query.categoryId}`);
    const brandKey = query.brand ? normaliseBrand(query.brand) : '';
    const brandWords = brandKey ? new Set(wordsOf(query.brand ?? '')) : this.brandWords;
    const titleWords = modelWords(query.title, { brandWords, categoryWords: asked.words });
    const since = query.now - PRICE_GUIDE_SOLD_DAYS * DAY_MS;
    const excludeCode = query.excludeCode?.toUpperCase();

    let scope = asked;
    let found = this.match(asked.branch, titleWords, brandKey, since, excludeCode);
    let usedParent = false;
    if (found.matches.length < PARENT_FALLBACK_BELOW && asked.parentId !== null) {
      const parent = this.categories.get(asked.parentId);
      if (parent) {
        const wider = this.match(parent.branch, titleWords, brandKey, since, excludeCode);
        if (wider.matches.length > found.matches.length) {
          found = wider;
          scope = parent;
          usedParent = true;
        }
      }
    }
    const target = query.condition && query.condition > 0 ? query.condition : null;
    // One pass over the matches (a broad query has tens of thousands at a million items): the
    // figures' inputs, and the closest ten kept in order as they come, never a sort of them all.
    const wordCount = found.words.length;
    const top: Ranked[] = [];
    const soldConditions: number[] = [];
    const soldPriceList: number[] = [];
    const listedPriceList: number[] = [];
    let exactModel = 0;
    let nearCondition = 0;
    const { states, ats, prices, conditions, wordStart } = this;
    for (const slot of found.matches) {
      const condition = conditions[slot] as number;
      const at = ats[slot] as number;
      const price = prices[slot] as number;
      const slotWords = (wordStart[slot + 1] as number) - (wordStart[slot] as number);
      const distance = target === null ? 0 : condition > 0 ? Math.abs(condition - target) : 5;
      const closeness = wordCount === 0 ? 0 : wordCount / slotWords;
      if (states[slot] === SOLD) {
        soldConditions.push(condition);
        soldPriceList.push(price);
        if (slotWords === wordCount) exactModel++;
        if (distance <= 1) nearCondition++;
      } else listedPriceList.push(price);
      const last = top[top.length - 1];
      if (top.length < PRICE_GUIDE_MAX_COMPARABLES || (last && closer(closeness, distance, at, last))) {
        let place = top.length;
        while (place > 0 && closer(closeness, distance, at, top[place - 1] as Ranked)) place--;
        top.splice(place, 0, { slot, closeness, distance, at });
        if (top.length > PRICE_GUIDE_MAX_COMPARABLES) top.pop();
      }
    }
    const soldPrices = sortedNumbers(soldPriceList);
    const soldMedianMinor = percentile(soldPrices, 0.5);
    const soldCount = soldPriceList.length;

    let suggestedMinor: number | null = null;
    let conditionAdjustment: GuideAnswer['conditionAdjustment'] = null;
    let adjustmentNote = '';
    if (soldCount >= MIN_SOLD_FOR_SUGGESTION && soldMedianMinor !== null) {
      suggestedMinor = soldMedianMinor;
      if (target !== null) {
        const adjusted = this.adjustForCondition(soldConditions, soldPriceList, target, scope.id, query.now);
        if (adjusted) {
          conditionAdjustment = { fromCondition: adjusted.from, percent: adjusted.percent };
          suggestedMinor = Math.round(soldMedianMinor * adjusted.factor);
          adjustmentNote = adjusted.note;
        }
      }
    }
    if (suggestedMinor !== null) suggestedMinor = shelfPriceMinor(suggestedMinor);
    const { confidence, reason } = confidenceOf({
      sold: soldCount,
      listed: listedPriceList.length,
      usedParent,
      parentName: scope.name,
      modelWords: found.words.length,
      exactModel,
      nearCondition,
    });
    return {
      soldMedianMinor,
      listedMedianMinor: percentile(sortedNumbers(listedPriceList), 0.5),
      lowMinor: percentile(soldPrices, 0.1),
      highMinor: percentile(soldPrices, 0.9),
      soldCount,
      listedCount: listedPriceList.length,
      confidence,
      confidenceReason: [
        reason,
        found.capped
          ? `So many items match that the figures are from an even sample of ${MAX_CANDIDATES_PER_CATEGORY.toLocaleString('en')} per category.`
          : '',
        adjustmentNote,
      ]
        .filter(Boolean)
        .join(' '),
      suggestedMinor,
      conditionAdjustment,
      comparables: top.map(({ slot }) => this.itemOf(slot)),
      matchedOn: {
        categoryId: scope.id,
        categoryName: scope.name,
        usedParentCategory: usedParent,
        brand: query.brand ? query.brand.trim() : null,
        modelWords: found.words,
      },
    };
  }

  /**
   * The comparables of one branch of categories (their slots): the query's model words that name
   * something there (the rest dropped), then the rarest word's postings checked for the others.
   */
  private match(
    branch: number[],
    titleWords: string[],
    brandKey: string,
    since: number,
    excludeCode: string | undefined,
  ): { matches: number[]; words: string[]; capped: boolean } {
    const lists = branch.flatMap((id) => {
      const postings = this.postings.get(id);
      return postings ? [postings] : [];
    });
    const words = titleWords.filter((word) => {
      if (hasDigit(word) || VARIANT_WORDS.has(word)) return true;
      const number = this.words.find(word);
      return number >= 0 && lists.some((p) => p.byWord.has(number));
    });
    // A word no item carries has no number: no item can match it (-1 is in no slot's words).
    const wordNumbers = Int32Array.from(words, (word) => this.words.find(word));
    let queryVariants = 0;
    for (const word of words) queryVariants |= variantBit.get(word) ?? 0;
    const brandNumber = brandKey ? this.brandKeys.find(brandKey) : -1;
    const excluded =
      excludeCode === undefined ? null : { code: excludeCode, encoded: Buffer.from(excludeCode, 'utf8') };
    const { states, ats, variantsOf, brandOf, brandKeyOf, wordPool, wordStart } = this;
    const matches: number[] = [];
    let capped = false;
    for (const postings of lists) {
      let candidates = postings.all;
      for (const number of wordNumbers) {
        const list = postings.byWord.get(number) ?? EMPTY_POSTINGS;
        if (postingCount(list) < postingCount(candidates)) candidates = list;
      }
      const count = postingCount(candidates);
      // At most MAX_CANDIDATES_PER_CATEGORY are looked at: beyond that (a title naming no model
      // matches a whole category) an even sample of them, every step-th, so that the sold and the
      // listed, the old and the new, are all represented as they are in the category.
      const step = Math.ceil(count / MAX_CANDIDATES_PER_CATEGORY);
      if (step > 1) capped = true;
      candidate: for (let i = 0; i < count; i += step) {
        const slot = candidates[i + 1] as number;
        const state = states[slot];
        if (state === EMPTY) continue;
        if (state === SOLD) {
          if ((ats[slot] as number) < since) continue;
        } else if (excluded && this.hasCode(slot, excluded)) continue;
        if (brandKey && brandKeyOf[brandOf[slot] as number] !== brandNumber) continue;
        if (((variantsOf[slot] as number) & ~queryVariants) !== 0) continue;
        const first = wordStart[slot] as number;
        const end = wordStart[slot + 1] as number;
        for (const number of wordNumbers) {
          let has = false;
          for (let w = first; w < end; w++) {
            if (wordPool[w] === number) {
              has = true;
              break;
            }
          }
          if (!has) continue candidate;
        }
        matches.push(slot);
      }
    }
    return { matches, words, capped };
  }

  /** Whether the slot's item has this code (the item being priced). */
  private hasCode(slot: number, code: { code: string; encoded: Buffer }): boolean {
    const long = this.longText.size > 0 ? this.longText.get(slot) : undefined;
    if (long) return long.code === code.code;
    const start = this.textStart[slot] as number;
    return this.text.equals(start, start + (this.codeLength[slot] as number), code.code, code.encoded);
  }

  /**
   * Moves a sold median from the sold comparables' typical condition (their median, rounded) to
   * the one asked for, one step at a time: each step's ratio from the comparables' own sales where
   * both conditions have two sales or more, else the category's estimate, else the region's.
   * Null when nothing is known (no graded sales, or no estimate for a step on the way).
   * `conditions` and `prices`: the sold comparables', one per sale.
   */
  private adjustForCondition(
    conditions: number[],
    prices: number[],
    target: number,
    categoryId: number,
    now: number,
  ): { from: number; factor: number; percent: number; note: string } | null {
    const graded: number[] = [];
    const byCondition: number[][] = [[], [], [], [], [], []];
    for (let i = 0; i < conditions.length; i++) {
      const condition = conditions[i] as number;
      if (condition <= 0) continue;
      graded.push(condition);
      byCondition[condition]?.push(prices[i] as number);
    }
    if (graded.length === 0) return null;
    const from = Math.round(medianExact(graded) ?? 0);
    if (from === target) return { from, factor: 1, percent: 0, note: '' };
    const own = groupSteps(byCondition, GROUP_SALES_PER_CONDITION);
    const ratios = this.freshEnoughSteps(now);
    const category = this.categoryStep(ratios, categoryId);
    const sources = new Set<string>();
    let factor = 1;
    const [low, high] = from < target ? [from, target] : [target, from];
    for (let c = low; c < high; c++) {
      const step = own[c] ?? category(c) ?? ratios.region[c] ?? null;
      if (step == null) return null;
      sources.add(own[c] != null ? 'these sales' : category(c) != null ? 'the category' : 'the region');
      factor *= clampRatio(step);
    }
    if (from > target) factor = 1 / factor;
    const percent = Math.round((factor - 1) * 1000) / 10;
    const note = `Condition: ${percent > 0 ? '+' : ''}${percent}% from ${ConditionLabel[from]} to ${ConditionLabel[target]}, learned from ${[...sources].join(', ')} (how prices differ between conditions of the same model).`;
    return { from, factor, percent, note };
  }

  /** The step ratio of a category, or of its nearest ancestor that has one. */
  private categoryStep(ratios: StepRatios, categoryId: number): (c: number) => number | null {
    return (c) => {
      for (const id of this.categories.get(categoryId)?.branch ?? []) {
        const step = ratios.byCategory.get(id)?.[c];
        if (step != null) return step;
      }
      return null;
    };
  }

  /** The item in a slot, as it was given to `upsert`. */
  private itemOf(slot: number): GuideItem {
    const start = this.textStart[slot] as number;
    const slugAt = start + (this.codeLength[slot] as number);
    const titleAt = slugAt + (this.slugLength[slot] as number);
    const long = this.longText.get(slot);
    return {
      id: this.ids[slot] as number,
      code: long?.code ?? this.text.read(start, slugAt),
      slug: long?.slug ?? this.text.read(slugAt, titleAt),
      title: long?.title ?? this.text.read(titleAt, this.textStart[slot + 1] as number),
      brand: this.brands.values[this.brandOf[slot] as number] as string,
      categoryId: this.categoryIds[this.categoryOf[slot] as number] as number,
      condition: this.conditions[slot] as number,
      priceMinor: this.prices[slot] as number,
      status: this.states[slot] === SOLD ? 'sold' : 'listed',
      at: this.ats[slot] as number,
      storeName: this.stores.values[this.storeOf[slot] as number] as string,
    };
  }
}

/**
 * Confidence from how many comparables sold and how close they are:
 * - None: fewer than MIN_SOLD_FOR_SUGGESTION (3) sold: no suggestion;
 * - High: HIGH_CONFIDENCE_SOLD (10) or more sold, in the category asked (not its parent), matched
 *   on model words, at least half of them the very model (no extra model words) and at least half
 *   within one condition step of the one asked;
 * - Medium: MEDIUM_CONFIDENCE_SOLD (5) or more sold, matched on model words;
 * - Low: the rest (3-4 sold, or only the category and brand to go on).
 */
export function confidenceOf(facts: {
  sold: number;
  listed: number;
  usedParent: boolean;
  parentName: string;
  modelWords: number;
  exactModel: number;
  nearCondition: number;
}): { confidence: PriceGuideConfidence; reason: string } {
  const { sold, listed } = facts;
  const counted = `${sold} sold in the last ${PRICE_GUIDE_SOLD_DAYS} days and ${listed} on sale now`;
  const scope = facts.usedParent ? ` (too few in the category itself, so across ${facts.parentName})` : '';
  if (sold < MIN_SOLD_FOR_SUGGESTION) {
    return {
      confidence: 'None',
      reason: `Too few comparable sales to suggest a price: ${counted}${scope}; at least ${MIN_SOLD_FOR_SUGGESTION} sales are needed.`,
    };
  }
  if (facts.modelWords === 0) {
    return {
      confidence: 'Low',
      reason: `${counted}${scope}, matched on category and brand only: the title names no model.`,
    };
  }
  const close = facts.exactModel * 2 >= sold && facts.nearCondition * 2 >= sold;
  if (sold >= HIGH_CONFIDENCE_SOLD && !facts.usedParent && close) {
    return { confidence: 'High', reason: `${counted}, most of them the same model in a similar condition.` };
  }
  if (sold >= MEDIUM_CONFIDENCE_SOLD) {
    const why = facts.usedParent
      ? scope
      : sold < HIGH_CONFIDENCE_SOLD
        ? ` (${HIGH_CONFIDENCE_SOLD} sales would make it high)`
        : ', but many differ in model details or condition';
    return { confidence: 'Medium', reason: `${counted}${why}.` };
  }
  return { confidence: 'Low', reason: `Only ${counted}${scope}.` };
}
