/**
 * The comparison: the search page's queries answered by PostgreSQL full text. The bench builds its
 * own table of the region's live items (what the engine's index holds as alive), with a weighted
 * tsvector over the words the engine indexes (catalogue-index.ts appendText) and a GIN index, and
 * answers each request as the page needs it: the first page in the same sort, the total, and the
 * facet counts by GROUP BY (disjunctive, as the engine counts them).
 */
import pg from 'pg';
import { PRICE_BANDS } from '../apps/server/src/modules/search/facet-values.js';
import {
  type Condition,
  type Dictionaries,
  FACET_GROUPS,
  type FacetGroupName,
  Params,
  type PgSearch,
  translateSearchUrl,
} from './pg-search-translator.js';

const TABLE = 'bench_fulltext';

/** SQL for the engine's ValueDictionary slugs (lib/slug.ts slugify), so URL values match the same items. */
const slugSql = (column: string) =>
  `trim(both '-' from regexp_replace(regexp_replace(lower(${column}), '["'']', '', 'g'), '[^a-z0-9]+', '-', 'g'))`;

const priceBandSql = `CASE ${PRICE_BANDS.map((band, i) => ({ band, i }))
  .reverse()
  .map(({ band, i }) => `WHEN p.price_minor >= ${band.from * 100} THEN ${i}`)
  .join(' ')} ELSE 0 END`;

/** The column each group's facet is counted by (delivery is counted with FILTER instead). */
const GROUP_KEY: Record<Exclude<FacetGroupName, 'delivery'>, string> = {
  category: 'category_id',
  location: 'store_id',
  brand: 'brand_slug',
  condition: 'condition',
  colour: 'colour_slug',
  storage: 'storage_slug',
  price: 'price_band',
};

export type CountedGroup =
  | 'category'
  | 'store'
  | 'state'
  | 'brand'
  | 'colour'
  | 'storage'
  | 'condition'
  | 'price'
  | 'delivery'
  | 'flags';

export interface PgAnswer {
  total: number;
  /** Product codes of the page, in order. */
  codes: string[];
  /** Per group, value -> count; category counts are rolled up the tree as the engine shows them. */
  counts: Record<string, Map<string, number>>;
}

export class PgFullText {
  private constructor(
    private readonly client: pg.Client,
    private readonly dictionaries: Dictionaries,
  ) {}

  /**
   * Builds the comparison table in the database at `url` (already seeded) and connects once.
   * Returns the seconds the build took.
   */
  static async open(url: string, region: string): Promise<{ fullText: PgFullText; buildSeconds: number }> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const started = performance.now();
      await client.query(`DROP TABLE IF EXISTS ${TABLE}`);
      await client.query(
        `CREATE TABLE ${TABLE} AS
         WITH RECURSIVE lineage AS (
           SELECT id, name::text AS names FROM categories WHERE parent_id IS NULL
           UNION ALL
           SELECT c.id, l.names || ' ' || c.name FROM categories c JOIN lineage l ON c.parent_id = l.id
         )
         SELECT p.id, p.code, p.category_id, p.store_id, p.condition, p.price_minor,
           floor(extract(epoch FROM p.listed_at::timestamptz))::bigint AS listed_s,
           ${slugSql('p.brand')} AS brand_slug,
           ${slugSql('p.colour')} AS colour_slug,
           ${slugSql('p.storage')} AS storage_slug,
           ${priceBandSql} AS price_band,
           (p.promo_method IS NOT NULL OR p.price_minor < p.rrp_minor) AS on_sale,
           p.image_count > 0 AS has_pictures,
           -- The engine's flag is "the store's table rates can post it somewhere"; for the demo's
           -- tables that is nearly every postable item (a few UK ones cube above the 20 kg band):
           -- close enough for timing, which is all this comparison measures.
           (s.pickup_disabled = 0 AND p.postable = 1) AS postage,
           (s.pickup_disabled = 0 AND p.disable_in_store_pickup = 0) AS pickup,
           setweight(to_tsvector('english', p.title), 'A')
             || setweight(to_tsvector('english', p.brand), 'B')
             || setweight(to_tsvector('english', l.names || ' ' || c.keywords), 'C')
             || setweight(to_tsvector('english', coalesce(p.colour, '')), 'D') AS doc
         FROM products p
         JOIN stores s ON s.id = p.store_id
         JOIN categories c ON c.id = p.category_id
         JOIN lineage l ON l.id = p.category_id
         WHERE s.region = $1 AND p.status = 'available'`,
        [region],
      );
      // The indexes a careful PostgreSQL deployment would give these queries: text, sorts, filters.
      await client.query(`CREATE INDEX ${TABLE}_doc ON ${TABLE} USING gin (doc)`);
      await client.query(`CREATE INDEX ${TABLE}_newest ON ${TABLE} (listed_s DESC, id)`);
      await client.query(`CREATE INDEX ${TABLE}_price ON ${TABLE} (price_minor, listed_s DESC, id)`);
      await client.query(`CREATE INDEX ${TABLE}_category ON ${TABLE} (category_id)`);
      await client.query(`CREATE INDEX ${TABLE}_store ON ${TABLE} (store_id)`);
      await client.query(`CREATE INDEX ${TABLE}_brand ON ${TABLE} (brand_slug)`);
      await client.query(`ANALYZE ${TABLE}`);
      const buildSeconds = (performance.now() - started) / 1000;
      const categories = await client.query<{ id: number; slug: string; parent_id: number | null }>(
        'SELECT id, slug, parent_id FROM categories',
      );
      const stores = await client.query<{ id: number; slug: string; state: string }>(
        'SELECT id, slug, state FROM stores WHERE region = $1',
        [region],
      );
      const dictionaries: Dictionaries = {
        categories: categories.rows.map((c) => ({ id: c.id, slug: c.slug, parentId: c.parent_id })),
        stores: stores.rows,
      };
      return { fullText: new PgFullText(client, dictionaries), buildSeconds };
    } catch (error) {
      await client.end();
      throw error;
    }
  }

  /** Translates once (outside any timing), so a run measures the database only. */
  translate(url: string): PgSearch {
    return translateSearchUrl(url, this.dictionaries);
  }

  /** Live items in the comparison table. */
  async liveItems(): Promise<number> {
    const result = await this.client.query<{ n: string }>(`SELECT count(*) AS n FROM ${TABLE}`);
    return Number(result.rows[0]?.n ?? 0);
  }

  /** One search as the page needs it, one statement after another on the one connection. */
  async answer(search: PgSearch): Promise<PgAnswer> {
    const counts: Record<string, Map<string, number>> = {};
    if (search.matchesNothing) return { total: 0, codes: [], counts };

    const page = new Params();
    const pageRows = await this.client.query<{ code: string }>(
      `SELECT code FROM ${TABLE} ${this.where(search, page, null)}
       ORDER BY ${search.orderBy(() => this.rank(search, page))}
       LIMIT ${page.add(search.limit)}::int OFFSET ${page.add(search.offset)}::int`,
      page.values,
    );

    // The groups without a choice share every filter: one pass with GROUPING SETS counts them all,
    // and its empty set gives the total, the delivery counts and the flag counts.
    const chosen = FACET_GROUPS.filter((g) => search.groups[g] !== undefined);
    const unchosenKeys = FACET_GROUPS.filter((g) => g !== 'delivery' && search.groups[g] === undefined).map(
      (g) => GROUP_KEY[g as Exclude<FacetGroupName, 'delivery'>],
    );
    const shared = new Params();
    const sets = [...unchosenKeys.map((k) => `(${k})`), '()'].join(', ');
    const sharedRows = await this.client.query<Record<string, unknown>>(
      `SELECT ${unchosenKeys.map((k) => `${k}, GROUPING(${k}) AS g_${k}`).join(', ')}${unchosenKeys.length ? ',' : ''}
         count(*)::int AS n,
         count(*) FILTER (WHERE postage)::int AS postage,
         count(*) FILTER (WHERE pickup)::int AS pickup,
         count(*) FILTER (WHERE on_sale)::int AS on_sale,
         count(*) FILTER (WHERE has_pictures)::int AS has_pictures
       FROM ${TABLE} ${this.where(search, shared, null)}
       GROUP BY GROUPING SETS (${sets})`,
      shared.values,
    );
    let total = 0;
    for (const row of sharedRows.rows) {
      const key = unchosenKeys.find((k) => row[`g_${k}`] === 0);
      if (key === undefined) {
        total = row.n as number;
        if (search.groups.delivery === undefined) {
          counts.delivery = new Map([
            ['postage', row.postage as number],
            ['pickup', row.pickup as number],
          ]);
        }
        counts.flags = new Map([
          ['onsale', row.on_sale as number],
          ['haspictures', row.has_pictures as number],
        ]);
      } else if (row[key] !== null) {
        counts[key] ??= new Map();
        counts[key].set(String(row[key]), row.n as number);
      }
    }

    // Each chosen group: counted under every other group's filter, its own left out.
    for (const group of chosen) {
      const params = new Params();
      if (group === 'delivery') {
        const rows = await this.client.query<{ postage: number; pickup: number }>(
          `SELECT count(*) FILTER (WHERE postage)::int AS postage, count(*) FILTER (WHERE pickup)::int AS pickup
           FROM ${TABLE} ${this.where(search, params, group)}`,
          params.values,
        );
        counts.delivery = new Map([
          ['postage', rows.rows[0]?.postage ?? 0],
          ['pickup', rows.rows[0]?.pickup ?? 0],
        ]);
        continue;
      }
      const key = GROUP_KEY[group];
      const rows = await this.client.query<{ value: unknown; n: number }>(
        `SELECT ${key} AS value, count(*)::int AS n FROM ${TABLE} ${this.where(search, params, group)}
         GROUP BY ${key}`,
        params.values,
      );
      counts[key] = new Map(rows.rows.filter((r) => r.value !== null).map((r) => [String(r.value), r.n]));
    }
    counts.category_id = this.rollUpCategories(counts.category_id ?? new Map());
    return { total, codes: pageRows.rows.map((r) => r.code), counts };
  }

  /**
   * The count `answer` has for one facet value as the search page names it: a category, store or
   * value slug, a state code, a condition digit, postage/pickup, a price band's index, onsale or
   * haspictures. A state counts its stores' items, as the page shows it.
   */
  countOf(answer: PgAnswer, group: CountedGroup, guid: string): number {
    const get = (key: string, value: string | number | undefined) =>
      value === undefined ? 0 : (answer.counts[key]?.get(String(value)) ?? 0);
    switch (group) {
      case 'category':
        return get('category_id', this.dictionaries.categories.find((c) => c.slug === guid)?.id);
      case 'store':
        return get('store_id', this.dictionaries.stores.find((s) => s.slug === guid)?.id);
      case 'state':
        return this.dictionaries.stores
          .filter((s) => s.state === guid)
          .reduce((sum, s) => sum + get('store_id', s.id), 0);
      case 'brand':
        return get('brand_slug', guid);
      case 'colour':
        return get('colour_slug', guid);
      case 'storage':
        return get('storage_slug', guid);
      case 'condition':
        return get('condition', guid);
      case 'price':
        return get('price_band', guid);
      case 'delivery':
        return get('delivery', guid);
      case 'flags':
        return get('flags', guid);
    }
  }

  async close(): Promise<void> {
    await this.client.end();
  }

  /** WHERE for the text, the flags and every group's filter but `without`'s. */
  private where(search: PgSearch, params: Params, without: FacetGroupName | null): string {
    const conditions: string[] = [];
    if (search.tsquery !== null) conditions.push(`doc @@ to_tsquery('english', ${params.add(search.tsquery)})`);
    const add = (condition: Condition | null | undefined) => {
      if (condition) conditions.push(condition(params));
    };
    for (const group of FACET_GROUPS) if (group !== without) add(search.groups[group]);
    add(search.flags);
    return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  }

  private rank(search: PgSearch, params: Params): string {
    return search.tsquery === null ? '0' : `ts_rank(doc, to_tsquery('english', ${params.add(search.tsquery)}))`;
  }

  /** A category counts everything beneath it, as the engine shows the tree (done in the client: ~100 rows). */
  private rollUpCategories(direct: Map<string, number>): Map<string, number> {
    const parentOf = new Map(this.dictionaries.categories.map((c) => [c.id, c.parentId]));
    const rolled = new Map<string, number>();
    for (const [id, n] of direct) {
      for (let at: number | null | undefined = Number(id); at != null; at = parentOf.get(at)) {
        rolled.set(String(at), (rolled.get(String(at)) ?? 0) + n);
      }
    }
    return rolled;
  }
}
