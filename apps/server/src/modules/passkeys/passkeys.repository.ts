import type { Selectable } from 'kysely';
import type { PasskeysTable, WebauthnChallengesTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export type PasskeyRow = Selectable<PasskeysTable>;
export type CeremonyRow = Selectable<WebauthnChallengesTable>;

export class PasskeysRepository {
  async forUser(ctx: DbCtx, userId: number): Promise<PasskeyRow[]> {
    return ctx.db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  }

  async byCredentialId(ctx: DbCtx, credentialId: string): Promise<PasskeyRow | undefined> {
    return ctx.db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
  }

  /** Inserts unless the credential is already registered (to anyone); false when it was. */
  async insert(ctx: DbCtx, row: Omit<PasskeyRow, 'id'>): Promise<boolean> {
    const result = await ctx.db
      .insertInto('passkeys')
      .values(row)
      .onConflict((oc) => oc.column('credential_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Deletes the user's passkey; false when no such passkey is theirs. */
  async delete(ctx: DbCtx, userId: number, id: number): Promise<boolean> {
    const result = await ctx.db
      .deleteFrom('passkeys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Records a use. Conditional on the stored counter, so two sign-ins replaying one assertion
   * cannot both pass (authenticators that never count keep 0 and are let through).
   */
  async recordUse(ctx: DbCtx, id: number, expectedCount: number, nextCount: number, now: number): Promise<boolean> {
    const result = await ctx.db
      .updateTable('passkeys')
      .set({ sign_count: nextCount, last_used_at: now })
      .where('id', '=', id)
      .where('sign_count', '=', expectedCount)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async insertCeremony(ctx: DbCtx, row: Omit<CeremonyRow, 'id'>): Promise<void> {
    await ctx.db.insertInto('webauthn_challenges').values(row).execute();
  }

  /** Takes a ceremony once: deletes it and answers it, if it exists and has not expired. */
  async takeCeremony(ctx: DbCtx, ceremonyHash: string, now: number): Promise<CeremonyRow | undefined> {
    const row = await ctx.db
      .deleteFrom('webauthn_challenges')
      .where('ceremony_hash', '=', ceremonyHash)
      .returningAll()
      .executeTakeFirst();
    return row && Number(row.expires_at) > now ? row : undefined;
  }

  async deleteExpiredCeremonies(ctx: DbCtx, now: number): Promise<void> {
    await ctx.db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
  }
}
