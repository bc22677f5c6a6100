import type { Generated } from 'kysely';

/** The store console's tables (migration 021). Times are epoch milliseconds. */

export type StaffRoleColumn = 'store_staff' | 'marketplace_admin';

/** A role on an existing account. */
interface StaffMembersTable {
  user_id: number;
  role: StaffRoleColumn;
  created_at: number;
  updated_at: number;
}

/** The stores a store_staff member runs. */
interface StaffStoresTable {
  user_id: number;
  store_id: number;
}

/** An admin's invitation: the link's token is stored as its SHA-256 and used once. */
export interface StaffInvitationsTable {
  id: Generated<number>;
  email: string;
  email_key: string;
  role: StaffRoleColumn;
  /** JSON: number[] */
  store_ids: string;
  token_hash: string;
  invited_by: number | null;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  accepted_by: number | null;
}

/** An uploaded picture at one of the sizes the images module serves, as WebP. */
export interface ProductPicturesTable {
  product_id: number;
  position: number;
  width: number;
  height: number;
  bytes: Buffer;
}

/** One console action that changed something: who, what, when, where (migration 022). */
export interface ConsoleAuditTable {
  id: Generated<number>;
  /** Null for an admin's change to the whole marketplace (migration 024). */
  store_id: number | null;
  user_id: number | null;
  /** e.g. 'order.dispatch', 'order.cancel-item', 'item.price'. */
  action: string;
  order_reference: string | null;
  item_code: string | null;
  /** JSON object: what the action carried. */
  detail: string;
  created_at: number;
}

export interface ConsoleTables {
  console_audit: ConsoleAuditTable;
  staff_members: StaffMembersTable;
  staff_stores: StaffStoresTable;
  staff_invitations: StaffInvitationsTable;
  product_pictures: ProductPicturesTable;
}
