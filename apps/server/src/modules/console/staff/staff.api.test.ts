import type { ConsoleMeValue } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAccount } from '../../../test/console-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../../test/factories.js';
import { TestClient } from '../../../test/test-client.js';
import { testDatabaseTargets } from '../../../test/test-database.js';
import { useTestShop } from '../../../test/test-shop.js';
import { StaffRepository } from './staff.repository.js';

let emails = 0;
const newEmail = (tag: string) => `${tag}${++emails}.${Date.now()}@example.com`;
const STAFF = '/c3api/console/admin/staff';

describe.each(testDatabaseTargets())("the admin's staff changes on $name", (target) => {
  let guest: TestClient;
  let customer: TestClient;
  let customerId: number;
  let staff: TestClient;
  let admin: TestClient;
  let adminId: number;
  let orange: { id: number };
  let bathurst: { id: number };
  let york: { id: number };
  let orangeItem: string;
  const { database, server } = useTestShop(target, { seed: { products: 0, seed: 1 }, env: { TRUST_PROXY: 'true' } });

  const db = () => database.handle.db;
  const repository = new StaffRepository();

  const account = async (tag: string) => {
    const client = new TestClient(server.baseUrl);
    const email = newEmail(tag);
    await client.register(email);
    const user = await db().selectFrom('users').select('id').where('email_key', '=', email).executeTakeFirstOrThrow();
    return { client, userId: user.id };
  };
  const roleOf = (userId: number) => repository.staffOf(server.ctx(), userId);
  const auditLines = (action: string) =>
    db().selectFrom('console_audit').selectAll().where('action', '=', action).orderBy('id').execute();

  beforeAll(async () => {
    orange = await makeStore(db(), { name: 'Orange' });
    bathurst = await makeStore(db(), { name: 'Bathurst' });
    york = await makeStore(db(), { name: 'York', region: 'UK', state: 'North Yorkshire' });
    orangeItem = (
      await makeProduct(db(), { store_id: orange.id, category_id: await categoryIdBySlug(db(), 'guitars') })
    ).code;
    guest = await new TestClient(server.baseUrl).visit();
    const made = await account('customer');
    customer = made.client;
    customerId = made.userId;
    staff = (await staffAccount(server, 'store_staff', [orange.id])).client;
    const boss = await staffAccount(server, 'marketplace_admin', []);
    admin = boss.client;
    adminId = boss.userId;
  });

  it('answers admins only: a guest 401, a customer 403, store staff 403, and changes nothing', async () => {
    const member = await staffAccount(server, 'store_staff', [orange.id]);
    const auditBefore = await db().selectFrom('console_audit').select('id').execute();
    for (const [who, client, expected] of [
      ['guest', guest, 401],
      ['customer', customer, 403],
      ['store staff', staff, 403],
    ] as const) {
      for (const [url, body] of [
        [`${STAFF}/${member.userId}`, { Role: 'marketplace_admin' }],
        [`${STAFF}/${member.userId}/remove`, {}],
      ] as const) {
        const reply = await client.post(url, body);
        expect(reply.status, `${who} ${url}: ${reply.body.Message ?? ''}`).toBe(expected);
      }
    }
    expect(await roleOf(member.userId)).toEqual({ role: 'store_staff', storeIds: [orange.id] });
    expect(await db().selectFrom('console_audit').select('id').execute()).toEqual(auditBefore);
  });

  it("moves a member to another store of the region (the other region's store stays), at once and audited", async () => {
    const member = await staffAccount(server, 'store_staff', [orange.id, york.id]);
    const itemUrl = `/c3api/console/stores/${orange.id}/items/${orangeItem}`;
    expect((await member.client.get(itemUrl)).status).toBe(200);

    const moved = await admin.post(`${STAFF}/${member.userId}`, { Role: 'store_staff', StoreIds: [bathurst.id] });
    expect(moved.status, moved.body.Message ?? '').toBe(200);
    expect(moved.body.Value).toMatchObject({
      UserId: member.userId,
      Role: 'store_staff',
      StoreIds: [bathurst.id, york.id].sort((a, b) => a - b),
    });
    // Their next request already runs on the new stores.
    expect((await member.client.get(itemUrl)).status).toBe(404);
    const me = (await member.client.get<ConsoleMeValue>('/c3api/console/me')).body.Value;
    expect(me.Stores.map((s) => s.Id)).toEqual([bathurst.id]);

    const lines = (await auditLines('staff.edit')).filter((l) => JSON.parse(l.detail).userId === member.userId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ store_id: null, user_id: adminId });
    expect(JSON.parse(lines[0]?.detail ?? '{}')).toEqual({
      userId: member.userId,
      before: { role: 'store_staff', storeIds: [orange.id, york.id].sort((a, b) => a - b) },
      after: { role: 'store_staff', storeIds: [bathurst.id, york.id].sort((a, b) => a - b) },
    });
    // The same again changes nothing and records nothing.
    expect(
      (await admin.post(`${STAFF}/${member.userId}`, { Role: 'store_staff', StoreIds: [bathurst.id] })).status,
    ).toBe(200);
    expect((await auditLines('staff.edit')).filter((l) => JSON.parse(l.detail).userId === member.userId)).toHaveLength(
      1,
    );
  });

  it('makes a member an admin (every store, no list) and back to store staff', async () => {
    const member = await staffAccount(server, 'store_staff', [orange.id]);
    const promoted = await admin.post(`${STAFF}/${member.userId}`, {
      Role: 'marketplace_admin',
      StoreIds: [orange.id],
    });
    expect(promoted.status, promoted.body.Message ?? '').toBe(200);
    expect(await roleOf(member.userId)).toEqual({ role: 'marketplace_admin', storeIds: [] });
    expect((await member.client.get('/c3api/console/admin/stores')).status).toBe(200);

    const back = await admin.post(`${STAFF}/${member.userId}`, { Role: 'store_staff', StoreIds: [bathurst.id] });
    expect(back.status).toBe(200);
    expect(await roleOf(member.userId)).toEqual({ role: 'store_staff', storeIds: [bathurst.id] });
    expect((await member.client.get('/c3api/console/admin/stores')).status).toBe(403);
  });

  it('refuses bad input, an account without a role and the admin’s own role, changing nothing', async () => {
    const member = await staffAccount(server, 'store_staff', [orange.id]);
    const auditBefore = await db().selectFrom('console_audit').select('id').execute();
    for (const [body, field] of [
      [{ Role: 'store_staff', StoreIds: [] }, 'StoreIds'],
      [{ Role: 'store_staff' }, 'StoreIds'],
      [{ Role: 'owner', StoreIds: [orange.id] }, 'Role'],
      [{ Role: 'store_staff', StoreIds: ['x'] }, 'StoreIds'],
      [{ Role: 'store_staff', StoreIds: [york.id] }, 'StoreIds'],
      [{ Role: 'store_staff', StoreIds: [999_999] }, 'StoreIds'],
    ] as const) {
      const reply = await admin.post(`${STAFF}/${member.userId}`, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.Message).toMatch(new RegExp(`^Invalid input\\. ${field}`));
    }
    expect((await admin.post(`${STAFF}/abc`, { Role: 'marketplace_admin' })).status).toBe(400);
    for (const url of [`${STAFF}/${customerId}`, `${STAFF}/999999`]) {
      const reply = await admin.post(url, { Role: 'store_staff', StoreIds: [orange.id] });
      expect(reply.status).toBe(404);
      expect(reply.body.Message).toBe('No such staff member');
    }
    expect((await admin.post(`${STAFF}/${customerId}/remove`, {})).status).toBe(404);
    for (const [url, body] of [
      [`${STAFF}/${adminId}`, { Role: 'store_staff', StoreIds: [orange.id] }],
      [`${STAFF}/${adminId}/remove`, {}],
    ] as const) {
      const reply = await admin.post(url, body);
      expect(reply.status).toBe(409);
      expect(reply.body.Message).toMatch(/your own admin role/);
    }
    expect(await roleOf(member.userId)).toEqual({ role: 'store_staff', storeIds: [orange.id] });
    expect(await roleOf(adminId)).toEqual({ role: 'marketplace_admin', storeIds: [] });
    expect(await roleOf(customerId)).toBeUndefined();
    expect(await db().selectFrom('console_audit').select('id').execute()).toEqual(auditBefore);
  });

  it('removes a member: the account stays a customer, the console is closed to it, and it is audited', async () => {
    const member = await staffAccount(server, 'store_staff', [orange.id, york.id]);
    const removed = await admin.post(`${STAFF}/${member.userId}/remove`, {});
    expect(removed.status, removed.body.Message ?? '').toBe(200);
    expect(removed.body.Value).toEqual({ Id: member.userId });
    expect(await roleOf(member.userId)).toBeUndefined();
    expect((await member.client.get('/c3api/console/me')).status).toBe(403);
    expect((await member.client.get('/c3api/account/profile')).status).toBe(200);
    const [line] = (await auditLines('staff.remove')).filter((l) => JSON.parse(l.detail).userId === member.userId);
    expect(line).toMatchObject({ store_id: null, user_id: adminId });
    expect(JSON.parse(line?.detail ?? '{}').before.role).toBe('store_staff');
    expect((await admin.post(`${STAFF}/${member.userId}/remove`, {})).status).toBe(404);
  });
});
