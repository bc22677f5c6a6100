import type { ConsoleMeValue } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { TestClient } from '../test/test-client.js';
import { testDatabaseTargets } from '../test/test-database.js';
import { useTestShop } from '../test/test-shop.js';
import { DEMO_ADMIN, DEMO_STAFF, seedDemoStaff } from './orders-seed.js';
import { seedCatalogue } from './seed.js';

describe.each(testDatabaseTargets())('the demo staff seed on $name', (target) => {
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      // Twice, as every demo start does: the second run must change nothing.
      await seedDemoStaff(database.handle);
      await seedDemoStaff(database.handle);
    },
  });

  it('signs in the demo admin and the demo staff member (one AU and one UK store) with their passwords', async () => {
    const firstStore = async (region: 'AU' | 'UK') =>
      (
        await database.handle.db
          .selectFrom('stores')
          .select(['id', 'name'])
          .where('region', '=', region)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    const staff = new TestClient(server.baseUrl);
    expect((await staff.login(DEMO_STAFF.email, DEMO_STAFF.password)).status).toBe(200);
    const me = (await staff.get<ConsoleMeValue>('/c3api/console/me')).body.Value;
    // This test server is the AU shop: the UK store is the UK shop's to show.
    expect(me).toMatchObject({ Role: 'store_staff', Stores: [{ Id: await firstStore('AU'), Region: 'AU' }] });
    const links = await database.handle.db.selectFrom('staff_stores').select('store_id').orderBy('store_id').execute();
    expect(links.map((l) => l.store_id).sort()).toEqual([await firstStore('AU'), await firstStore('UK')].sort());

    const admin = new TestClient(server.baseUrl);
    expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
    expect((await admin.get<ConsoleMeValue>('/c3api/console/me')).body.Value.Role).toBe('marketplace_admin');
    const users = await database.handle.db.selectFrom('users').select('email').execute();
    expect(users.map((u) => u.email).sort()).toEqual([DEMO_ADMIN.email, DEMO_STAFF.email]);
  });
});
