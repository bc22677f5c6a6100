import { describe, expect, it } from 'vitest';
import { sqliteTestDatabaseTarget } from './test-database.js';
import { useTestShop } from './test-shop.js';

describe('useTestShop', () => {
  const shop = useTestShop(sqliteTestDatabaseTarget(), { server: false });
  let early: unknown;
  try {
    early = shop.database.handle;
  } catch (error) {
    early = error;
  }

  it('says so when a test file reads the shop while its tests are being collected', () => {
    expect(String(early)).toMatch(/not started yet/);
  });

  it('hands over a migrated database once started', async () => {
    const categories = await shop.database.handle.db.selectFrom('categories').select('id').execute();
    expect(categories).toEqual([]);
  });

  it('has no server when asked for none', () => {
    expect(() => shop.server.baseUrl).toThrow(/no server/);
  });
});
