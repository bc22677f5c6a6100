import { describe, expect, it } from 'vitest';
import { sqliteTestDatabaseTarget } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

describe('enquiry rate limit', () => {
  const { database, server } = useTestShop(sqliteTestDatabaseTarget(), {
    seed: { products: 0, seed: 1 },
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
