import type { MailOutboxRow } from '../../db/schema.js';
import type { Ctx } from '../../lib/context.js';
import { sanitizeMailHtml } from '../../lib/rich-text.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { MailRepository } from './mail.repository.js';

/** The job that sends what is due in the outbox. */
export const SEND_MAIL_JOB = 'mail.send';

export interface MailMessage {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  /** Optional HTML alternative; sanitised before it is stored (layout tables, pictures and inline style are kept). */
  html?: string | null;
  /**
   * Extra headers, such as a one-click unsubscribe (List-Unsubscribe, List-Unsubscribe-Post).
   * Names are letters, digits and '-'; values are made one line. Headers the sender sets itself
   * (From, To, Subject...) cannot be given here.
   */
  headers?: Record<string, string> | null;
}

/** Headers a message may not set through `headers`: the sender writes these from the message's fields. */
const RESERVED_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'reply-to',
  'subject',
  'sender',
  'date',
  'message-id',
  'content-type',
  'content-transfer-encoding',
  'mime-version',
]);

/** Checks and flattens extra headers; throws on a name that is not a header name or is reserved. */
export function cleanHeaders(headers: Record<string, string> | null | undefined): Record<string, string> | null {
  if (!headers) return null;
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[A-Za-z0-9-]+$/.test(name) || RESERVED_HEADERS.has(name.toLowerCase()))
      throw new RangeError(`Cannot set the mail header ${JSON.stringify(name)}`);
    clean[name] = value.replace(/[\r\n]+/g, ' ').trim();
  }
  return Object.keys(clean).length > 0 ? clean : null;
}

/**
 * Mail goes into the outbox table first, in the caller's transaction when there is one, so a
 * message exists exactly when the thing it reports does. The mail job (SEND_MAIL_JOB) delivers it.
 */
export class MailService {
  private readonly repository = new MailRepository();

  constructor(
    /** With SMTP configured: each message also queues a send job (keyed by the message, so once). */
    private readonly delivery: { jobs: JobsService } | null = null,
  ) {}

  async queue(ctx: Ctx, message: MailMessage): Promise<number> {
    // Header values are one line: a newline in a subject or address must not become a new header.
    const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();
    const headers = cleanHeaders(message.headers);
    const headersJson = headers ? JSON.stringify(headers) : null;
    const id = await this.repository.insert(ctx, {
      to_address: oneLine(message.to),
      reply_to: message.replyTo ? oneLine(message.replyTo) : null,
      subject: oneLine(message.subject),
      text_body: message.text,
      html_body: message.html ? sanitizeMailHtml(message.html) : null,
      created_at: new Date().toISOString(),
      sent_at: null,
      attempts: 0,
      last_error: null,
      next_attempt_at: null,
      headers: headersJson,
    });
    // In the same transaction: the job exists exactly when the message does.
    if (this.delivery) await this.delivery.jobs.enqueue(ctx, { type: SEND_MAIL_JOB, key: `mail:${id}` });
    return id;
  }

  latest(ctx: Ctx, limit: number): Promise<MailOutboxRow[]> {
    return this.repository.latest(ctx, limit);
  }
}
