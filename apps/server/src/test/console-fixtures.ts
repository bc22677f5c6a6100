import type { StaffRoleColumn } from '../db/tables/console.js';
import { StaffRepository } from '../modules/console/staff/staff.repository.js';
import { TestClient } from './test-client.js';
import type { TestServer } from './test-server.js';

/** A signed-in account of the store console and its user id. */
export interface StaffAccount {
  client: TestClient;
  userId: number;
}

let accounts = 0;

/**
 * A new account registered and signed in on the server, with a console role planted in the
 * database: store staff of the given stores, or a marketplace admin (no stores). Tests of what
 * staff may do start here; the invitation flow that grants a role for real is tested on its own.
 */
export async function staffAccount(
  server: TestServer,
  role: StaffRoleColumn,
  storeIds: number[],
  email = `console.${role}${++accounts}.${Date.now()}@example.com`,
): Promise<StaffAccount> {
  const client = new TestClient(server.baseUrl);
  await client.register(email);
  const ctx = server.ctx();
  const user = await ctx.db.selectFrom('users').select('id').where('email_key', '=', email).executeTakeFirstOrThrow();
  await new StaffRepository().grant(ctx, user.id, role, storeIds, Date.now());
  return { client, userId: user.id };
}
