import { z } from 'zod';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import type { MailService } from './mail.service.js';

const OutboxValueSchema = z.object({
  Messages: z.array(
    z.object({
      Id: z.number().int(),
      To: z.string(),
      ReplyTo: z.string().nullable(),
      Subject: z.string(),
      TextBody: z.string(),
      HtmlBody: z.string().nullable(),
      CreatedAt: z.string(),
      SentAt: z.string().nullable(),
      Attempts: z.number().int(),
      LastError: z.string().nullable(),
    }),
  ),
});

/** The demo's mailbox: the latest queued mail. Registered only when DEV_MAILBOX=true. */
export function devMailboxRoutes(mail: MailService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/dev/outbox',
      summary: 'Development only (DEV_MAILBOX=true): the latest 50 messages in the mail outbox',
      tag: 'dev',
      value: OutboxValueSchema,
      cacheControl: 'no-store',
      handler: async (ctx) => {
        const rows = await mail.latest(ctx, 50);
        return {
          Messages: rows.map((r) => ({
            Id: r.id,
            To: r.to_address,
            ReplyTo: r.reply_to,
            Subject: r.subject,
            TextBody: r.text_body,
            HtmlBody: r.html_body,
            CreatedAt: r.created_at,
            SentAt: r.sent_at,
            Attempts: r.attempts,
            LastError: r.last_error,
          })),
        };
      },
    }),
  ];
}
