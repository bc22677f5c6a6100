import type { PredictiveQuery, PredictiveValue } from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { CatalogueIndex, CategoryNode } from './catalogue-index.js';
import { cachePerIndex } from './result-cache.js';
import type { SearchIndexHolder } from './search-index.holder.js';
import { queryWords } from './text-analysis.js';
import { topK } from './top-k.js';

const LIMITS = {
  desktop: { categories: 3, products: 4, completions: 6, topCategories: 6 },
  mobile: { categories: 2, products: 2, completions: 4, topCategories: 4 },
};

function searchUrl(params: Record<string, string>): string {
  return `/search-results?${new URLSearchParams(params)}`;
}

/** The category the shopper is browsing, read from the page they are typing on. */
function categoryFromReferrer(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer, 'http://referrer.invalid');
    return url.searchParams.get('category');
  } catch {
    return null;
  }
}

/** The index's part of a suggestion answer. */
interface SuggestionPlan {
  count: number;
  scoped: number[];
  displayQuery: string;
  bestDocs: number[];
  completions: string[];
  roots: CategoryNode[];
}

const SUGGESTIONS_KEPT = 2000;
const keptSuggestions = cachePerIndex<SuggestionPlan>(SUGGESTIONS_KEPT);

/** Suggestions as the shopper types: scoped searches, completions of the last word, products and top categories. */
export class PredictiveService {
  constructor(
    private readonly holder: SearchIndexHolder,
    private readonly catalogue: CatalogueService,
  ) {}

  async suggest(ctx: Ctx, query: PredictiveQuery): Promise<PredictiveValue> {
    const index = await this.holder.current();
    const limits = query.isMobileDevice === 'true' ? LIMITS.mobile : LIMITS.desktop;
    const text = query.query.trim();
    const preferred = categoryFromReferrer(query.referrer);
    // Typing sends the same few prefixes over and over: the index's part is kept until it changes.
    const key = `${limits === LIMITS.mobile ? 'm' : 'd'}|${preferred ?? ''}|${text}`;
    const cache = keptSuggestions(index);
    let plan = cache.get(key, index.version);
    if (!plan) {
      plan = this.plan(index, text, preferred, limits);
      cache.set(key, index.version, plan);
    }
    const { count, scoped, displayQuery, bestDocs, completions, roots } = plan;
    const products = await this.catalogue.productCards(
      ctx,
      bestDocs.map((d) => index.productId[d] as number),
      'Predictive Search',
    );

    return {
      PredectiveListItemCount: count,
      PredectiveSearchItems: [
        ...scoped.map((c) => ({
          DisplayName: `${displayQuery} in ${index.categories[c]?.name ?? ''}`,
          Url: searchUrl({ query: displayQuery, category: index.categories[c]?.slug ?? '' }),
          Type: 0,
        })),
        ...products.map((p) => ({ DisplayName: p.Title, Url: p.Url, Type: 1 })),
      ],
      AutoCompleteItems: completions.map((q) => ({
        PotentialSearchQuery: q,
        Url: searchUrl({ query: q }),
      })),
      PredictiveCategories: roots.map((c) => ({
        CategoryName: c.name,
        CategoryUrl: searchUrl({ category: c.slug }),
        IconUrl: `/c3api/images/category-icon/${c.icon}.svg`,
      })),
    };
  }

  /** What the index says about a partial search: everything of the answer but the product cards. */
  private plan(
    index: CatalogueIndex,
    text: string,
    preferred: string | null,
    limits: (typeof LIMITS)['desktop'],
  ): SuggestionPlan {
    const match = index.text.match(text);
    const { alive, category } = index;
    const docs = match.docs;

    // Matches per category, rolled up: a frequent word's are kept, others are counted in one pass.
    // The sold and reserved items among the matches are passed over where they are met, rather
    // than the live ones copied out first (a new array per keystroke: see scratch.ts).
    const word = match.terms ? index.wordCounts.of(match.terms) : null;
    let direct = word?.counts.directCategory;
    let liveCount = word ? word.live : 0;
    if (!direct) {
      direct = new Int32Array(index.categories.length);
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i] as number;
        if (alive[doc] === 0) continue;
        direct[category[doc] as number]++;
        liveCount++;
      }
    }
    const rolled = new Int32Array(index.categories.length);
    direct.forEach((own, c) => {
      if (own > 0) for (const a of index.categories[c]?.lineage ?? []) rolled[a] += own;
    });

    const scoped = this.scopedCategories(index, rolled, preferred).slice(0, limits.categories);
    const completions = this.completions(index, text, match.meant, limits.completions);
    // "iph" is shown as the search it most likely is: "iphone in Smartphones"; "swith" as "switch".
    const displayQuery = completions[0] ?? (match.corrections.length > 0 ? match.meant.join(' ') : text);
    const bestDocs = topK(
      docs,
      limits.products,
      (a, b) => {
        const sa = match.scores[a] as number;
        const sb = match.scores[b] as number;
        return sa !== sb ? sa > sb : (index.listed[a] as number) > (index.listed[b] as number);
      },
      match.scores,
      alive,
    );
    const roots = index.categories
      .filter((c) => c.parent < 0 && (rolled[c.index] ?? 0) > 0)
      .sort((a, b) => (rolled[b.index] ?? 0) - (rolled[a.index] ?? 0))
      .slice(0, limits.topCategories);
    return { count: liveCount, scoped, displayQuery, bestDocs, completions, roots };
  }

  /** Leaf categories with the most matches; the one the shopper is browsing comes first. */
  private scopedCategories(index: CatalogueIndex, rolled: Int32Array, preferred: string | null): number[] {
    const leaves = index.categories
      .filter((c) => c.children.length === 0 && (rolled[c.index] ?? 0) > 0)
      .map((c) => c.index)
      .sort((a, b) => (rolled[b] ?? 0) - (rolled[a] ?? 0));
    const preferredIndex = preferred ? index.categoryBySlug.get(preferred) : undefined;
    if (preferredIndex !== undefined && (rolled[preferredIndex] ?? 0) > 0) {
      return [preferredIndex, ...leaves.filter((c) => c !== preferredIndex)];
    }
    return leaves;
  }

  /**
   * Whole words that the last word typed could become, after the words before it; a misspelt word
   * reads as the word the search took it for (`meant`, read beside the other words).
   */
  private completions(index: CatalogueIndex, text: string, meant: string[], limit: number): string[] {
    const typed = queryWords(text);
    const last = typed[typed.length - 1];
    if (!last) return [];
    const head = meant.slice(0, -1).join(' ');
    let candidates = index.text.wordsWithPrefix(last, limit * 3).map((w) => w.word);
    if (candidates.length === 0) {
      const corrected = meant[meant.length - 1];
      candidates = corrected && corrected !== last ? [corrected] : [];
    }
    const out: string[] = [];
    for (const word of candidates) {
      const suggestion = head ? `${head} ${word}` : word;
      if (!out.includes(suggestion)) out.push(suggestion);
      if (out.length >= limit) break;
    }
    return out;
  }
}
