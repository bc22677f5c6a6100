import type { Selectable } from 'kysely';
import type { WishlistItemsTable, WishlistsTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export type WishlistRow = Selectable<WishlistsTable>;
export type WishlistItemRow = Selectable<WishlistItemsTable>;

export class WishlistRepository {
  /** The guest wishlist of this token hash unless it expired before `now` (never a customer's). */
  async liveByTokenHash(ctx: DbCtx, tokenHash: string, now: string): Promise<WishlistRow | undefined> {
    return ctx.db
      .selectFrom('wishlists')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .where('user_id', 'is', null)
      .executeTakeFirst();
  }

  /**
   * The customer's wishlist. With `lock`, its row is held until the transaction ends, so writes to
   * one wishlist take turns and each reads what the one before committed (PostgreSQL: SELECT ...
   * FOR UPDATE, which read committed re-reads once the holder commits; SQLite: the transaction's
   * BEGIN IMMEDIATE already holds the only write lock).
   */
  async byUser(ctx: DbCtx, userId: number, lock = false): Promise<WishlistRow | undefined> {
    const query = ctx.db.selectFrom('wishlists').selectAll().where('user_id', '=', userId);
    return (lock && ctx.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  }

  /**
   * The customer's wishlist, made if they have none (two first adds at once end with one), its row
   * held until the transaction ends (see byUser).
   */
  async ensureForUser(ctx: DbCtx, userId: number, unusedTokenHash: string, now: string): Promise<WishlistRow> {
    await ctx.db
      .insertInto('wishlists')
      // A customer's wishlist does not expire; the column wants a value.
      .values({ token_hash: unusedTokenHash, created_at: now, expires_at: '9999-12-31T00:00:00.000Z', user_id: userId })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const row = await this.byUser(ctx, userId, true);
    if (!row) throw new Error('the customer wishlist vanished after its insert');
    return row;
  }

  /** Copies up to `limit` items of one wishlist into another (already there: skipped), most recent first. */
  async copyItems(ctx: DbCtx, fromId: number, toId: number, limit: number): Promise<void> {
    if (limit <= 0) return;
    await ctx.db
      .insertInto('wishlist_items')
      .columns(['wishlist_id', 'product_id', 'added_at'])
      .expression((eb) =>
        eb
          .selectFrom('wishlist_items as source')
          .select([eb.val(toId).as('wishlist_id'), 'source.product_id', 'source.added_at'])
          .where('source.wishlist_id', '=', fromId)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('wishlist_items as held')
                  .select('held.product_id')
                  .where('held.wishlist_id', '=', toId)
                  .whereRef('held.product_id', '=', 'source.product_id'),
              ),
            ),
          )
          .orderBy('source.added_at', 'desc')
          .limit(limit),
      )
      .onConflict((oc) => oc.columns(['wishlist_id', 'product_id']).doNothing())
      .execute();
  }

  async delete(ctx: DbCtx, id: number): Promise<void> {
    await ctx.db.deleteFrom('wishlists').where('id', '=', id).execute();
  }

  async create(ctx: DbCtx, tokenHash: string, now: string, expiresAt: string): Promise<WishlistRow> {
    return ctx.db
      .insertInto('wishlists')
      .values({ token_hash: tokenHash, created_at: now, expires_at: expiresAt, user_id: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async renew(ctx: DbCtx, id: number, expiresAt: string): Promise<void> {
    await ctx.db.updateTable('wishlists').set({ expires_at: expiresAt }).where('id', '=', id).execute();
  }

  async items(ctx: DbCtx, wishlistId: number): Promise<WishlistItemRow[]> {
    return ctx.db
      .selectFrom('wishlist_items')
      .selectAll()
      .where('wishlist_id', '=', wishlistId)
      .orderBy('added_at', 'desc')
      .orderBy('product_id', 'desc')
      .execute();
  }

  async countItems(ctx: DbCtx, wishlistId: number): Promise<number> {
    const row = await ctx.db
      .selectFrom('wishlist_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('wishlist_id', '=', wishlistId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async contains(ctx: DbCtx, wishlistId: number, productId: number): Promise<boolean> {
    const row = await ctx.db
      .selectFrom('wishlist_items')
      .select('product_id')
      .where('wishlist_id', '=', wishlistId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async addItem(ctx: DbCtx, row: WishlistItemRow): Promise<void> {
    await ctx.db
      .insertInto('wishlist_items')
      .values(row)
      .onConflict((oc) => oc.columns(['wishlist_id', 'product_id']).doNothing())
      .execute();
  }

  async removeItems(ctx: DbCtx, wishlistId: number, productIds: number[]): Promise<void> {
    if (productIds.length === 0) return;
    await ctx.db
      .deleteFrom('wishlist_items')
      .where('wishlist_id', '=', wishlistId)
      .where('product_id', 'in', productIds)
      .execute();
  }

  async clear(ctx: DbCtx, wishlistId: number): Promise<void> {
    await ctx.db.deleteFrom('wishlist_items').where('wishlist_id', '=', wishlistId).execute();
  }

  // Wishlist alerts (wishlist-alert.service.ts) and the prompts shown once.
  async byId(ctx: DbCtx, id: number): Promise<WishlistRow | undefined> {
    return ctx.db.selectFrom('wishlists').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Customers' wishlists with alerts on, by id from `afterId` (a page of the hourly run). */
  async alertsOn(ctx: DbCtx, afterId: number, limit: number): Promise<WishlistRow[]> {
    return ctx.db
      .selectFrom('wishlists')
      .selectAll()
      .where('alert_enabled', '=', 1)
      .where('user_id', 'is not', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Alerts on, to this address, telling what changes after `since`; false when they already were on. */
  async turnAlertsOn(ctx: DbCtx, id: number, email: string, since: number): Promise<boolean> {
    const result = await ctx.db
      .updateTable('wishlists')
      .set({ alert_enabled: 1, alert_email: email, alert_since: since })
      .where('id', '=', id)
      .where('alert_enabled', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A new address for alerts that are on (the "since" mark stays). */
  async changeAlertEmail(ctx: DbCtx, id: number, email: string): Promise<void> {
    await ctx.db.updateTable('wishlists').set({ alert_email: email }).where('id', '=', id).execute();
  }

  /** Records the welcome once; true when this call did (the first time alerts went on). */
  async markWelcomed(ctx: DbCtx, id: number, now: number): Promise<boolean> {
    const result = await ctx.db
      .updateTable('wishlists')
      .set({ alert_welcomed_at: now })
      .where('id', '=', id)
      .where('alert_welcomed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Alerts off; false when they already were. */
  async turnAlertsOff(ctx: DbCtx, id: number): Promise<boolean> {
    const result = await ctx.db
      .updateTable('wishlists')
      .set({ alert_enabled: 0 })
      .where('id', '=', id)
      .where('alert_enabled', '=', 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Moves the alert's "since" mark from the value read to `to`, only while alerts are on and
   * nobody moved it first: of two workers sending the same alert, one gets true.
   */
  async moveAlertSince(ctx: DbCtx, id: number, from: number, to: number): Promise<boolean> {
    const result = await ctx.db
      .updateTable('wishlists')
      .set({ alert_since: to })
      .where('id', '=', id)
      .where('alert_enabled', '=', 1)
      .where('alert_since', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Records that the reminder after a heart was answered; true only the first time. */
  async markReminderSeen(ctx: DbCtx, id: number, now: number): Promise<boolean> {
    const result = await ctx.db
      .updateTable('wishlists')
      .set({ alert_reminder_seen_at: now })
      .where('id', '=', id)
      .where('alert_reminder_seen_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Records that the wishlist page acknowledged the alerts feature; true only the first time. */
  async markFeatureSeen(ctx: DbCtx, id: number, now: number): Promise<boolean> {
    const result = await ctx.db
      .updateTable('wishlists')
      .set({ alert_feature_seen_at: now })
      .where('id', '=', id)
      .where('alert_feature_seen_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A merged guest wishlist's prompts count as seen on the customer's too. */
  async inheritPrompts(ctx: DbCtx, from: WishlistRow, toId: number): Promise<void> {
    if (from.alert_reminder_seen_at !== null) await this.markReminderSeen(ctx, toId, from.alert_reminder_seen_at);
    if (from.alert_feature_seen_at !== null) await this.markFeatureSeen(ctx, toId, from.alert_feature_seen_at);
  }
}
