import type { Ctx } from '../../lib/context.js';
import { partsOf } from './address-record.js';
import { type AddressParts, byRelevance, numbersIn, relevance, type SearchTerm, searchTerms } from './address-text.js';
import { AddressesRepository } from './addresses.repository.js';

/** One suggestion: the one-line display and the reference that fetches its parts. */
export interface AddressSuggestionItem {
  text: string;
  reference: string;
}

/**
 * The port behind the lookup. The built-in provider reads the addresses table (the demo's rows or a
 * G-NAF import); a paid service (Loqate, Addressy, NZ Post...) would be another implementation.
 * Both answer only the context's region.
 */
export interface AddressProvider {
  /** Up to `limit` addresses matching what the shopper typed, best first. */
  suggest(ctx: Ctx, query: string, limit: number): Promise<AddressSuggestionItem[]>;
  /** The address of a reference, or null when the region has no such address. */
  detail(ctx: Ctx, reference: string): Promise<AddressParts | null>;
}

/** Counting how common a term is stops here: past it, a term is "common" and never drives when a rarer one exists. */
const RARITY_CAP = 2000;
/** At most this many candidates of the driving term are filtered and sorted (bounds the worst case on G-NAF's 15 million rows). */
const CANDIDATE_CAP = 50_000;
/** The first rows in the database's order (typed number, street, suburb) that are ranked by relevance for the page. */
const RANKING_WINDOW = 100;

/**
 * The addresses table as a provider. A query is split into terms; the rarest term (fewest index
 * entries in its prefix range, counted up to a cap) drives a range scan of address_tokens, and the
 * candidates are kept when their search key has a word starting with every other term. Every step
 * is an index range scan or a primary-key lookup, on SQLite and PostgreSQL alike. The first rows
 * in the database's order are then ranked (address words before business names, the street's
 * name first) and the best `limit` answered.
 */
export class TableAddressProvider implements AddressProvider {
  constructor(private readonly repository = new AddressesRepository()) {}

  async suggest(ctx: Ctx, query: string, limit: number): Promise<AddressSuggestionItem[]> {
    const terms = searchTerms(query);
    if (terms.length === 0) return [];
    const driver = await this.rarest(ctx, terms);
    const rows = await this.repository.search(ctx, ctx.region, {
      driver,
      filters: terms.filter((t) => t !== driver),
      numbers: numbersIn(terms),
      limit: Math.max(limit, RANKING_WINDOW),
      candidateCap: CANDIDATE_CAP,
    });
    return byRelevance(rows, (row) => relevance(partsOf(row), terms))
      .slice(0, limit)
      .map((row) => ({ text: row.display_text, reference: row.reference }));
  }

  async detail(ctx: Ctx, reference: string): Promise<AddressParts | null> {
    const row = await this.repository.byReference(ctx, ctx.region, reference);
    return row ? partsOf(row) : null;
  }

  /** The term with the fewest matches; on a tie, the longer (more specific) one. */
  private async rarest(ctx: Ctx, terms: readonly SearchTerm[]): Promise<SearchTerm> {
    let best: { term: SearchTerm; count: number } | null = null;
    for (const term of terms) {
      const count = await this.repository.countTermMatches(ctx, ctx.region, term, RARITY_CAP + 1);
      if (count === 0) return term;
      if (!best || count < best.count || (count === best.count && term.prefix.length > best.term.prefix.length)) {
        best = { term, count };
      }
    }
    if (!best) throw new Error('no terms');
    return best.term;
  }
}
