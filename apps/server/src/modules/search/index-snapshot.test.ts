import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../lib/context.js';
import { Random } from '../../seed/random.js';
import { engineQuery } from '../../test/engine-query.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { CatalogueService } from '../catalogue/catalogue.service.js';
import { StoresService } from '../stores/stores.service.js';
import { CatalogueIndex } from './catalogue-index.js';
import { PRICE_BANDS } from './facet-values.js';
import { decodeSnapshot, readSnapshotBytes, SnapshotUnusable, writeSnapshotFile } from './index-snapshot.js';
import { type IndexedProductRow, SearchRepository } from './search.repository.js';
import { type EngineQuery, runSearch, type SortKey } from './search-engine.js';
import { SearchIndexHolder } from './search-index.holder.js';

/**
 * A snapshot must be the index itself: the index built from a seeded catalogue and the one read
 * back from its file answer a few hundred varied queries identically (every page item, total and
 * facet count), and keep doing so after the same changes are written to both.
 */

const QUERIES = 300;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

class QueryMaker {
  constructor(
    private readonly index: CatalogueIndex,
    private readonly words: string[],
    private readonly random: Random,
  ) {}

  /** Some of the values a group has, or null (no filter) most of the time. */
  private some(size: number): Set<number> | null {
    if (size === 0 || this.random.chance(0.85)) return null;
    const chosen = new Set<number>();
    const n = this.random.int(1, Math.min(3, size));
    for (let i = 0; i < n; i++) chosen.add(this.random.int(0, size - 1));
    return chosen;
  }

  private text(): string {
    const r = this.random;
    if (r.chance(0.25)) return '';
    const count = r.chance(0.25) ? 2 : 1;
    const words: string[] = [];
    for (let i = 0; i < count; i++) {
      let word = r.pick(this.words);
      // Cut short (a prefix) or misspelt (a near miss), as shoppers type.
      if (r.chance(0.2) && word.length > 4) word = word.slice(0, r.int(2, word.length - 1));
      else if (r.chance(0.15) && word.length > 4) {
        const at = r.int(1, word.length - 2);
        word = word.slice(0, at) + word.slice(at + 1);
      }
      words.push(word);
    }
    return words.join(' ');
  }

  next(): EngineQuery {
    const r = this.random;
    const index = this.index;
    const sort = r.pick<SortKey>(['relevance', 'listed', 'price', 'condition']);
    const bands = this.some(PRICE_BANDS.length);
    return {
      text: this.text(),
      category: r.chance(0.2) ? r.int(0, index.categories.length - 1) : null,
      stores: this.some(index.stores.length),
      brands: this.some(index.brands.size),
      conditions: this.some(6),
      delivery: r.pick([0, 0, 0, 4, 8, 12]),
      colours: this.some(index.colours.size),
      storages: this.some(index.storages.size),
      prices: bands ? [...bands].map((b) => PRICE_BANDS[b] ?? { from: 0, to: null }) : null,
      onSale: r.chance(0.1),
      hasPictures: r.chance(0.1),
      sort,
      descending: r.chance(0.5),
      offset: r.chance(0.2) ? r.int(1, 10) * 24 : 0,
      limit: r.pick([12, 24, 48]),
    };
  }
}

function answer(index: CatalogueIndex, query: EngineQuery): string {
  const result = runSearch(index, query);
  // Pages as product ids: the two indexes number documents alike, but the shopper sees products.
  const { counts } = result;
  return JSON.stringify({
    total: result.total,
    page: result.docs.map((doc) => index.productId[doc]),
    corrections: result.corrections,
    counts: Object.fromEntries(
      Object.entries(counts).map(([key, value]) => [
        key,
        ArrayBuffer.isView(value) ? [...(value as Int32Array)] : value,
      ]),
    ),
  });
}

function compare(a: CatalogueIndex, b: CatalogueIndex, queries: EngineQuery[]): { differing: string[]; found: number } {
  const differing: string[] = [];
  let found = 0;
  for (const query of queries) {
    const left = answer(a, query);
    if (left !== answer(b, query)) differing.push(JSON.stringify(query, (_k, v) => (v instanceof Set ? [...v] : v)));
    if (runSearch(a, query).total > 0) found++;
  }
  return { differing, found };
}

describe.each(testDatabaseTargets())('the search index snapshot on $name', (target) => {
  let dir: string;
  let built: CatalogueIndex;
  let file: string;
  let builtSize = 0;
  const { database } = useTestShop(target, { seed: { products: 2500, seed: 41 }, server: false });

  beforeAll(async () => {
    const ctx = systemContext(database.handle, 'AU');
    const stores = new StoresService();
    const holder = new SearchIndexHolder(ctx, new CatalogueService(stores, async () => undefined), stores);
    built = await holder.current();
    builtSize = built.size;
    dir = mkdtempSync(path.join(os.tmpdir(), 'index-snapshot-'));
    file = path.join(dir, 'search-index-AU.snapshot');
    await writeSnapshotFile(file, built.toSnapshot(), { productId: null, changedAt: 'then' }, nextTurn);
  }, 120_000);

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const load = async () => {
    const bytes = await readSnapshotBytes(file);
    if (!bytes) throw new Error('no snapshot file');
    return decodeSnapshot(bytes, 'AU');
  };

  it('reads back an index that answers every query as the built one does, and after the same changes too', async () => {
    const { snapshot, change } = await load();
    expect(change).toEqual({ productId: null, changedAt: 'then' });
    const loaded = CatalogueIndex.fromSnapshot(snapshot);
    expect(loaded.size).toBe(built.size);
    expect(loaded.liveSize).toBe(built.liveSize);
    expect(loaded.seq).toBe(built.seq);

    const words = built.text.toSnapshot().surfaceWords.filter((w) => w.length > 2);
    const random = new Random(7);
    const queries = Array.from({ length: QUERIES }, () => new QueryMaker(built, words, random).next());
    const before = compare(built, loaded, queries);
    expect(before.differing).toEqual([]);
    // The queries find things (a comparison of empty answers would prove nothing).
    expect(before.found).toBeGreaterThan(QUERIES / 3);

    // Suggestions and corrections read the words' counts, which few of the queries above depend on.
    const prefixes = [...new Set(words.map((w) => w.slice(0, 2)))];
    for (const prefix of prefixes)
      expect(loaded.text.wordsWithPrefix(prefix, 50)).toEqual(built.text.wordsWithPrefix(prefix, 50));
    for (const word of words.filter((w) => w.length > 5).slice(0, 200)) {
      const slip = word.slice(0, 2) + word.slice(3);
      expect(loaded.text.correct(slip)).toBe(built.text.correct(slip));
    }

    const ctx = systemContext(database.handle, 'AU');
    const ids = [...built.productId.subarray(0, 6)];
    const rows = await new SearchRepository().productsByIds(ctx, 'AU', ids);
    const [cheaper, onSale, retitled, sold, moved] = rows as IndexedProductRow[];
    if (!cheaper || !onSale || !retitled || !sold || !moved) throw new Error('too few items');
    const changes: IndexedProductRow[] = [
      { ...cheaper, price_minor: Math.max(100, cheaper.price_minor - 5000) },
      { ...onSale, promo_method: 'clearance', price_minor: Math.max(100, onSale.rrp_minor - 1000) },
      { ...retitled, title: 'Quixotral lantern with brass stand' },
      { ...sold, status: 'sold' },
      { ...moved, title: `${moved.title} restored` },
      { ...cheaper, id: 9_000_000, title: 'Quixotral teapot, hand thrown', listed_at: new Date().toISOString() },
    ];
    for (const row of changes) {
      expect(built.upsert(row)).toBe(true);
      expect(loaded.upsert(row)).toBe(true);
    }
    const after = compare(built, loaded, [
      ...queries,
      ...['quixotral', 'quixotral lantern', 'quixo', 'restored', 'teapot'].map((text) =>
        engineQuery({ text, sort: queries[0]?.sort, descending: queries[0]?.descending, limit: queries[0]?.limit }),
      ),
    ]);
    expect(after.differing).toEqual([]);
    const quixotral = runSearch(loaded, { ...(queries[0] as EngineQuery), text: 'quixotral', offset: 0, limit: 48 });
    expect(quixotral.docs.map((doc) => loaded.productId[doc]).sort()).toEqual([retitled.id, 9_000_000].sort());
  });

  it('refuses a cut-short or damaged file, another format and another region', async () => {
    const good = readFileSync(file);
    const refuses = (bytes: Uint8Array, region: 'AU' | 'UK' = 'AU') =>
      expect(() => decodeSnapshot(bytes, region)).toThrow(SnapshotUnusable);
    refuses(good.subarray(0, good.length - 100));
    refuses(good.subarray(0, 10));
    const flipped = Buffer.from(good);
    flipped[flipped.length - 7] = (flipped[flipped.length - 7] ?? 0) ^ 0xff;
    refuses(flipped);
    const newer = Buffer.from(good);
    newer.writeUInt32LE(99, 8);
    refuses(newer);
    refuses(Buffer.from('not a snapshot at all, just some text of a fair length'));
    refuses(good, 'UK');
    // The good one still reads (the refusals are of the damage, not of every file).
    expect(decodeSnapshot(good, 'AU').snapshot.size).toBe(builtSize);
  });
});
