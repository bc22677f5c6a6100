import {
  type ConsoleItemListValue,
  type ConsoleMeValue,
  type ConsoleStaffValue,
  INVITATION_INVALID_MESSAGE,
  INVITATION_OTHER_EMAIL_MESSAGE,
} from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoreRow } from '../../../db/schema.js';
import { staffAccount } from '../../../test/console-fixtures.js';
import { makeStore } from '../../../test/factories.js';
import { OrderFixtures } from '../../../test/order-fixtures.js';
import { mailsTo } from '../../../test/outbox.js';
import { TestClient } from '../../../test/test-client.js';
import { testDatabaseTargets } from '../../../test/test-database.js';
import { useTestShop } from '../../../test/test-shop.js';

let emails = 0;
const newEmail = (tag: string) => `${tag}${++emails}.${Date.now()}@example.com`;
const DAY = 24 * 3600 * 1000;

describe.each(testDatabaseTargets())('the store console invitations on $name', (target) => {
  let clock = Date.now();
  let storeA: StoreRow;
  let storeB: StoreRow;
  let ukStore: { id: number };
  let admin: TestClient;
  let fixtures: OrderFixtures;
  const { database, server } = useTestShop(target, {
    seed: { products: 0, seed: 1 },
    env: { TRUST_PROXY: 'true' },
    server: { now: () => clock },
  });

  const db = () => database.handle.db;

  const items = (client: TestClient, storeId: number, query = '') =>
    client.get<ConsoleItemListValue>(`/c3api/console/stores/${storeId}/items${query}`);

  beforeAll(async () => {
    fixtures = new OrderFixtures(server);
    storeA = await fixtures.store({ name: 'Ballarat' });
    storeB = await fixtures.store({ name: 'Bendigo' });
    ukStore = await makeStore(db(), { region: 'UK', state: 'LND', name: 'Camden' });
    admin = (await staffAccount(server, 'marketplace_admin', [])).client;
  });

  describe('invitations', () => {
    const invite = (body: Record<string, unknown>) => admin.post<{ Id: number }>('/c3api/console/invitations', body);
    const tokenFor = async (address: string) => {
      const mail = (await mailsTo(db(), address)).at(-1);
      const token = /token=([A-Za-z0-9_-]{43})/.exec(mail?.text_body ?? '')?.[1];
      if (!token) throw new Error(`no invitation to ${address}`);
      return token;
    };

    it('e-mails a single-use link that grants the role to the signed-in invitee, and only to them', async () => {
      const address = newEmail('invitee');
      expect((await invite({ Email: address, Role: 'store_staff', StoreIds: [storeB.id] })).status).toBe(200);
      const mail = (await mailsTo(db(), address)).at(-1);
      expect(mail?.subject).toBe('You are invited to the Secondhand store console');
      expect(mail?.text_body).toContain('Bendigo');
      const token = await tokenFor(address);

      const stranger = new TestClient(server.baseUrl);
      await stranger.register(newEmail('stranger'));
      const wrong = await stranger.post('/c3api/console/invitations/accept', { Token: token });
      expect([wrong.status, wrong.body.Message]).toEqual([403, INVITATION_OTHER_EMAIL_MESSAGE]);

      const invitee = new TestClient(server.baseUrl);
      await invitee.register(address);
      expect((await items(invitee, storeB.id)).status).toBe(403);
      const accepted = await invitee.post<ConsoleMeValue>('/c3api/console/invitations/accept', { Token: token });
      expect(accepted.status, accepted.body.Message ?? undefined).toBe(200);
      expect(accepted.body.Value).toMatchObject({ Role: 'store_staff', Stores: [{ Id: storeB.id, Name: 'Bendigo' }] });
      expect((await items(invitee, storeB.id)).status).toBe(200);
      expect((await items(invitee, storeA.id)).status).toBe(404);

      const again = await invitee.post('/c3api/console/invitations/accept', { Token: token });
      expect([again.status, again.body.Message]).toEqual([404, INVITATION_INVALID_MESSAGE]);
      const staff = (await admin.get<ConsoleStaffValue>('/c3api/console/staff')).body.Value;
      expect(staff.Staff.find((s) => s.Email === address)).toMatchObject({
        Role: 'store_staff',
        StoreIds: [storeB.id],
      });
      expect(staff.Invitations.find((i) => i.Email === address)?.AcceptedAt).not.toBeNull();
    });

    it('registers a new account for the invited address with the role, and refuses an expired link', async () => {
      const address = newEmail('newadmin');
      await invite({ Email: address, Role: 'marketplace_admin' });
      const token = await tokenFor(address);
      const newcomer = new TestClient(server.baseUrl);
      const registered = await newcomer.post<ConsoleMeValue>('/c3api/console/invitations/register', {
        Token: token,
        Password: 'a long and unusual passphrase',
        FirstName: 'Nadia',
        LastName: 'Admin',
      });
      expect(registered.status, registered.body.Message ?? undefined).toBe(200);
      expect(registered.body.Value.Role).toBe('marketplace_admin');
      // Signed in as the new account: its session cookie works for the console.
      expect((await newcomer.get<ConsoleStaffValue>('/c3api/console/staff')).status).toBe(200);

      const late = newEmail('late');
      await invite({ Email: late, Role: 'store_staff', StoreIds: [storeA.id] });
      const lateToken = await tokenFor(late);
      clock += 7 * DAY + 1000;
      try {
        const expired = await newcomer.post('/c3api/console/invitations/register', {
          Token: lateToken,
          Password: 'a long and unusual passphrase',
          FirstName: 'Late',
          LastName: 'Comer',
        });
        expect([expired.status, expired.body.Message]).toEqual([404, INVITATION_INVALID_MESSAGE]);
        expect(
          await db().selectFrom('users').select('id').where('email_key', '=', late).executeTakeFirst(),
        ).toBeUndefined();
      } finally {
        clock -= 7 * DAY + 1000;
      }
    });

    it('refuses an invitation to a store of another region or with no store', async () => {
      expect((await invite({ Email: newEmail('x'), Role: 'store_staff', StoreIds: [ukStore.id] })).status).toBe(400);
      expect((await invite({ Email: newEmail('x'), Role: 'store_staff', StoreIds: [] })).status).toBe(400);
    });
  });
});
