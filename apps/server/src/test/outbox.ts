import type { Kysely } from 'kysely';
import type { Database, MailOutboxRow } from '../db/schema.js';

/** Every message queued for `address`, oldest first (what the outbox would send). */
export function mailsTo(db: Kysely<Database>, address: string): Promise<MailOutboxRow[]> {
  return db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).orderBy('id').execute();
}

/** The 6-digit code of the newest verification e-mail to `address` ('' when its newest mail has none). */
export async function latestCodeFor(db: Kysely<Database>, address: string): Promise<string> {
  const newest = (await mailsTo(db, address)).at(-1);
  if (!newest) throw new Error(`nothing e-mailed to ${address}`);
  return /verification code is (\d{6})/.exec(newest.text_body)?.[1] ?? '';
}
