import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { type TestDatabase, testDatabaseTargets } from '../../test/test-database.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

describe.each(testDatabaseTargets())('search index upkeep on $name', (target) => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    database = await target.open();
    await seedCatalogue(database.handle, { products: 300, seed: 5 });
    server = await startTestServer(database);
  });

  afterAll(async () => {
    await server?.close();
    await database?.dispose();
  });

  const count = async () =>
    (await server.get<{ ProductList: { ProductListItemCount: number } }>('/c3api/search/results')).body.Value
      .ProductList.ProductListItemCount;

  it('keeps answering from the old index while a reseed is rebuilt, then serves the new catalogue', async () => {
    const before = await count();
    expect(before).toBeGreaterThan(0);
    // Another process (the seed command) replaces the catalogue: this server only sees the change feed.
    await seedCatalogue(database.handle, { products: 900, seed: 6 });
    await new Promise((r) => setTimeout(r, 300));
    const during = await count();
    await server.services.searchIndex.settled();
    await new Promise((r) => setTimeout(r, 300));
    const after = await count();
    expect([before, after]).toContain(during);
    expect(after).toBeGreaterThan(before);
  });
});
