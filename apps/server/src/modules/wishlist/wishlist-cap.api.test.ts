import type { WishlistChangeValue, WishlistMergeValue } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { WISHLIST_MAX_ITEMS } from './wishlist.service.js';

const CAP_MESSAGE = `A wishlist holds at most ${WISHLIST_MAX_ITEMS} items.`;
const FILLED = WISHLIST_MAX_ITEMS - 6;
const RACERS = 60;
const ROUNDS = 6;

let emails = 0;
const newEmail = () => `capped${++emails}.${Date.now()}@example.com`;

/**
 * The 500-item cap of a signed-in customer's wishlist under concurrent writes: many adds at once,
 * and merges of guest wishlists racing adds. (The guest path's race is in hardening.api.test.ts.)
 */
describe.each(testDatabaseTargets())('the customer wishlist cap under concurrency on $name', (target) => {
  let codes: string[];
  let ids: Map<string, number>;
  const { database, server } = useTestShop(target, {
    seed: { products: 1500, seed: 21 },
    env: { TRUST_PROXY: 'true' },
  });

  beforeAll(async () => {
    const rows = await database.handle.db
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .select(['p.id', 'p.code'])
      .where('s.region', '=', 'AU')
      .where('p.status', '=', 'available')
      .orderBy('p.id')
      .limit(FILLED + RACERS + 10)
      .execute();
    codes = rows.map((r) => r.code);
    ids = new Map(rows.map((r) => [r.code, r.id]));
    if (codes.length < FILLED + RACERS + 10) throw new Error(`only ${codes.length} AU items in the seed`);
  });

  const itemCount = async (wishlistId: number) =>
    Number(
      (
        await database.handle.db
          .selectFrom('wishlist_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('wishlist_id', '=', wishlistId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Puts these items into a wishlist directly (quicker than 500 requests). */
  const insertItems = async (wishlistId: number, itemCodes: string[]) => {
    if (itemCodes.length === 0) return;
    await database.handle.db
      .insertInto('wishlist_items')
      .values(
        itemCodes.map((code) => ({
          wishlist_id: wishlistId,
          product_id: ids.get(code) ?? 0,
          added_at: new Date().toISOString(),
        })),
      )
      .execute();
  };

  /** A new signed-in customer whose wishlist holds the first `filled` items; its id. */
  const customerWith = async (filled: number) => {
    const client = new TestClient(server.baseUrl);
    const email = newEmail();
    await client.register(email);
    const first = await client.post('/c3api/wishlist/add', { ItemCode: codes[0] });
    expect(first.status, first.body.Message ?? '').toBe(200);
    const wishlistId = (
      await database.handle.db
        .selectFrom('wishlists as w')
        .innerJoin('users as u', 'u.id', 'w.user_id')
        .select('w.id')
        .where('u.email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;
    await insertItems(wishlistId, codes.slice(1, filled));
    expect(await itemCount(wishlistId)).toBe(filled);
    return { client, wishlistId };
  };

  it(`holds ${WISHLIST_MAX_ITEMS} items under ${RACERS} concurrent adds, round after round`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const { client, wishlistId } = await customerWith(FILLED);
      const replies = await Promise.all(
        codes.slice(FILLED, FILLED + RACERS).map((code) => client.post('/c3api/wishlist/add', { ItemCode: code })),
      );
      const label = `round ${round}`;
      expect(await itemCount(wishlistId), label).toBe(WISHLIST_MAX_ITEMS);
      expect(
        replies.filter((r) => r.status === 200),
        label,
      ).toHaveLength(WISHLIST_MAX_ITEMS - FILLED);
      const refused = replies.filter((r) => r.status !== 200);
      expect(refused, label).toHaveLength(RACERS - (WISHLIST_MAX_ITEMS - FILLED));
      for (const reply of refused) {
        expect({ status: reply.status, message: reply.body.Message }).toEqual({ status: 400, message: CAP_MESSAGE });
      }
    }
  });

  it(`holds ${WISHLIST_MAX_ITEMS} items when guest wishlists merge while adds race`, async () => {
    for (let round = 1; round <= 3; round++) {
      const { client, wishlistId } = await customerWith(FILLED);
      // Four guest wishlists of four items each, none of them already in the customer's.
      const guestCodes = codes.slice(FILLED, FILLED + 16);
      const tokens: string[] = [];
      for (let g = 0; g < 4; g++) {
        const own = guestCodes.slice(g * 4, g * 4 + 4);
        const guest = new TestClient(server.baseUrl);
        const added = await guest.post<WishlistChangeValue>('/c3api/wishlist/add', { ItemCode: own[0] });
        const token = added.body.Value.Token ?? '';
        const guestId = (
          await database.handle.db
            .selectFrom('wishlists')
            .select('id')
            .where('token_hash', '=', hashToken(token))
            .executeTakeFirstOrThrow()
        ).id;
        await insertItems(guestId, own.slice(1));
        tokens.push(token);
      }
      const adds = codes.slice(FILLED + 16, FILLED + 16 + 20);
      const [merges, replies] = await Promise.all([
        Promise.all(
          tokens.map((token) =>
            client.get<WishlistMergeValue>(`/c3api/wishlist/merge?token=${token}`, { antiForgery: true }),
          ),
        ),
        Promise.all(adds.map((code) => client.post('/c3api/wishlist/add', { ItemCode: code }))),
      ]);
      const label = `round ${round}`;
      expect(
        merges.map((m) => m.status),
        label,
      ).toEqual([200, 200, 200, 200]);
      expect(await itemCount(wishlistId), label).toBe(WISHLIST_MAX_ITEMS);
      for (const reply of replies.filter((r) => r.status !== 200)) {
        expect({ status: reply.status, message: reply.body.Message }).toEqual({ status: 400, message: CAP_MESSAGE });
      }
    }
  });
});
