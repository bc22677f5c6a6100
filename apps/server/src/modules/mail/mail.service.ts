import type { Kysely } from 'kysely';
import type { Database, MailOutboxRow } from '../../db/schema.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { MailRepository } from './mail.repository.js';

export interface MailMessage {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  /** Optional HTML alternative; sanitised before it is stored. */
  html?: string | null;
}

/**
 * Mail goes into the outbox table first, in the caller's transaction when it gives one, so a
 * message exists exactly when the thing it reports does. MailSender delivers it later.
 */
export class MailService {
  constructor(private readonly db: Kysely<Database>) {}

  async queue(message: MailMessage, trx: Kysely<Database> = this.db): Promise<number> {
    // Header values are one line: a newline in a subject or address must not become a new header.
    const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();
    return new MailRepository(trx).insert({
      to_address: oneLine(message.to),
      reply_to: message.replyTo ? oneLine(message.replyTo) : null,
      subject: oneLine(message.subject),
      text_body: message.text,
      html_body: message.html ? sanitizeRichText(message.html) : null,
      created_at: new Date().toISOString(),
      sent_at: null,
      attempts: 0,
      last_error: null,
      next_attempt_at: null,
    });
  }

  latest(limit: number): Promise<MailOutboxRow[]> {
    return new MailRepository(this.db).latest(limit);
  }
}
