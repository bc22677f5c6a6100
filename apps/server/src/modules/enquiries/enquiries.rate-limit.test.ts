import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { type TestDatabase, testDatabaseTargets } from '../../test/test-database.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

describe('enquiry rate limit', () => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    const target = testDatabaseTargets()[0];
    if (!target) throw new Error('no database target');
    database = await target.open();
    await seedCatalogue(database.handle, { products: 0, seed: 1 });
    server = await startTestServer(database);
  });

  afterAll(async () => {
    await server?.close();
    await database?.dispose();
  });

  it('answers 429 with Retry-After once a visitor sends more than 20 a minute, and does nothing', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await server.post('/c3api/product/enquiry', {})).status).toBe(400);
    }
    const limited = await server.post('/c3api/product/enquiry', {});
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ WasSuccessful: false, Value: null });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const rows = await database.handle.db.selectFrom('enquiries').select('id').execute();
    expect(rows).toEqual([]);
  });
});
