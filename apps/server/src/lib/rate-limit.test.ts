import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../test/test-database.js';
import { useTestShop } from '../test/test-shop.js';
import { RateLimiter } from './rate-limit.js';

describe.each(testDatabaseTargets())('rate limits in the database on $name', (target) => {
  const { database } = useTestShop(target, {
    server: false,
  });

  it('lets max requests through per window and key, then says how long to wait', async () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => now);
    const ctx = database.handle;
    const limit = { max: 3, windowMs: 60_000 };
    const take = (key: string) => limiter.take(ctx, key, limit);
    expect([await take('a'), await take('a'), await take('a')]).toEqual([0, 0, 0]);
    expect(await take('a')).toBe(60);
    expect(await take('b')).toBe(0);
    now += 45_000;
    expect(await take('a')).toBe(15);
    now += 15_000;
    expect(await take('a')).toBe(0);
  });

  it('is shared by every instance: two limiters on one database count together, even concurrently', async () => {
    const now = () => 5_000_000;
    const first = new RateLimiter(now);
    const second = new RateLimiter(now);
    const limit = { max: 10, windowMs: 60_000 };
    const waits = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? first : second).take(database.handle, 'shared', limit)),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(10);
  });
});
