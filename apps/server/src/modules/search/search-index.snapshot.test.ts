import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../lib/context.js';
import { seedCatalogue } from '../../seed/seed.js';
import { engineQuery } from '../../test/engine-query.js';
import { type TestDatabase, testDatabaseTargets } from '../../test/test-database.js';
import { startTestServer } from '../../test/test-server.js';
import { useTestShop } from '../../test/test-shop.js';
import { CatalogueService } from '../catalogue/catalogue.service.js';
import { StoresService } from '../stores/stores.service.js';
import type { CatalogueIndex } from './catalogue-index.js';
import { snapshotPath } from './index-snapshot.js';
import { runSearch } from './search-engine.js';
import { SearchIndexHolder } from './search-index.holder.js';

/**
 * The holder starts from the snapshot file when it is of this database and brings it up to date
 * from the change feed; any other file (damaged, of another database, of other categories or
 * stores) is passed over for a build from the database, with a line saying why.
 */

describe.each(testDatabaseTargets())('the search index starting from its snapshot on $name', (target) => {
  let file: string;
  const { database } = useTestShop(target, { seed: { products: 400, seed: 12 }, server: false });

  beforeAll(() => {
    file = snapshotPath(database.dataDir, 'AU');
  });

  /** A holder on `on` (this database unless given), started: its index, how it loaded and what it said. */
  const start = async (on: TestDatabase = database) => {
    const lines: string[] = [];
    const stores = new StoresService();
    const holder = new SearchIndexHolder(
      systemContext(on.handle, 'AU'),
      new CatalogueService(stores, async () => undefined),
      stores,
      { snapshotDir: database.dataDir, log: (line) => lines.push(line) },
    );
    const index = await holder.current();
    // A build from the database is written to the file before this returns.
    await holder.settled();
    return { holder, index, lines, loadedFrom: holder.loadedFrom };
  };

  /** A snapshot of the database as it is now. */
  const freshSnapshot = async () => {
    rmSync(file, { force: true });
    const started = await start();
    expect(started.loadedFrom).toBe('database');
    expect(existsSync(file)).toBe(true);
    return started.index;
  };

  const availableIds = async (n: number) =>
    (
      await database.handle.db
        .selectFrom('products as p')
        .innerJoin('stores as s', 's.id', 'p.store_id')
        .select('p.id')
        .where('s.region', '=', 'AU')
        .where('p.status', '=', 'available')
        .orderBy('p.id')
        .limit(n)
        .execute()
    ).map((r) => r.id);

  const found = (index: CatalogueIndex, text: string) =>
    runSearch(index, engineQuery({ text, sort: 'relevance', descending: false, limit: 48 })).docs.map(
      (doc) => index.productId[doc],
    );

  it('starts from the snapshot, and items changed since it was written are found as they are now', async () => {
    const before = await freshSnapshot();
    const [retitled, sold, cheaper] = await availableIds(3);
    if (!retitled || !sold || !cheaper) throw new Error('too few items');
    await database.handle.db
      .updateTable('products')
      .set({ title: 'Snapshotia vase' })
      .where('id', '=', retitled)
      .execute();
    await database.handle.db.updateTable('products').set({ status: 'sold' }).where('id', '=', sold).execute();
    await database.handle.db.updateTable('products').set({ price_minor: 1234 }).where('id', '=', cheaper).execute();

    const { index, loadedFrom, lines } = await start();
    expect(loadedFrom).toBe('snapshot');
    expect(lines.some((l) => /from the snapshot in/.test(l))).toBe(true);
    expect(index.size).toBeGreaterThanOrEqual(before.size);
    expect(found(index, 'snapshotia')).toEqual([retitled]);
    expect(index.alive[index.docByProduct.get(sold) ?? -1]).toBe(0);
    expect(index.price[index.docByProduct.get(cheaper) ?? -1]).toBe(1234);
    expect(index.liveSize).toBe(before.liveSize - 1);
    expect(index.seq).toBe(
      await new CatalogueService(new StoresService(), async () => undefined).latestChangeSeq(
        systemContext(database.handle, 'AU'),
      ),
    );
  });

  it('builds from the database when the file is cut short or not a snapshot at all', async () => {
    await freshSnapshot();
    const good = readFileSync(file);
    writeFileSync(file, good.subarray(0, Math.floor(good.length / 2)));
    const cut = await start();
    expect(cut.loadedFrom).toBe('database');
    expect(cut.lines.some((l) => /not using .*cut short/.test(l))).toBe(true);
    expect(cut.index.liveSize).toBeGreaterThan(0);

    writeFileSync(file, 'garbage '.repeat(1000));
    const garbage = await start();
    expect(garbage.loadedFrom).toBe('database');
    expect(garbage.lines.some((l) => /not using .*not a search index snapshot/.test(l))).toBe(true);
    // Each build from the database wrote a good file again.
    expect((await start()).loadedFrom).toBe('snapshot');
  });

  it('builds from the database when the snapshot is of another database with the same categories and stores', async () => {
    const written = await freshSnapshot();
    const other = await target.open();
    try {
      // The same demo (same categories, stores and items), seeded at another time, and its change
      // feed taken at least as far, so that only the row at the snapshot's position tells them apart.
      await seedCatalogue(other.handle, { products: 400, seed: 12 });
      const feed = new CatalogueService(new StoresService(), async () => undefined);
      const otherCtx = systemContext(other.handle, 'AU');
      const touched = await other.handle.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
      while ((await feed.latestChangeSeq(otherCtx)) < written.seq) {
        await other.handle.db.updateTable('products').set({ title: 'Touched' }).where('id', '=', touched.id).execute();
      }
      const { loadedFrom, lines } = await start(other);
      expect(loadedFrom).toBe('database');
      expect(lines.some((l) => /not using .*another database/.test(l))).toBe(true);
    } finally {
      await other.dispose();
    }
  });

  it('builds from the database when the categories or the stores have changed since', async () => {
    await freshSnapshot();
    const category = await database.handle.db
      .selectFrom('categories')
      .select(['id', 'name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await database.handle.db
      .updateTable('categories')
      .set({ name: `${category.name} and more` })
      .where('id', '=', category.id)
      .execute();
    const categories = await start();
    expect(categories.loadedFrom).toBe('database');
    expect(categories.lines.some((l) => /categories have changed/.test(l))).toBe(true);

    await freshSnapshot();
    const store = await database.handle.db
      .selectFrom('stores')
      .select(['id', 'name'])
      .where('region', '=', 'AU')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await database.handle.db
      .updateTable('stores')
      .set({ name: `${store.name} (new)` })
      .where('id', '=', store.id)
      .execute();
    const stores = await start();
    expect(stores.loadedFrom).toBe('database');
    expect(stores.lines.some((l) => /stores have changed/.test(l))).toBe(true);
  });

  it('is written and read by the server when SEARCH_SNAPSHOT is on, and not at all when off', async () => {
    rmSync(file, { force: true });
    const off = await startTestServer(database);
    await off.services.searchIndex.current();
    await off.services.searchIndex.settled();
    await off.close();
    expect(existsSync(file)).toBe(false);

    const first = await startTestServer(database, { SEARCH_SNAPSHOT: 'on' });
    await first.services.searchIndex.current();
    await first.services.searchIndex.settled();
    await first.close();
    expect(first.services.searchIndex.loadedFrom).toBe('database');
    expect(existsSync(file)).toBe(true);
    const second = await startTestServer(database, { SEARCH_SNAPSHOT: 'on' });
    try {
      const body = (await second.get<{ ProductList: { ProductListItemCount: number } }>('/c3api/search/results')).body;
      expect(body.Value.ProductList.ProductListItemCount).toBeGreaterThan(0);
      expect(second.services.searchIndex.loadedFrom).toBe('snapshot');
    } finally {
      await second.close();
    }
  });
});
