import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/unit-of-work.js';
import { systemContext } from '../../lib/context.js';
import { readableMail, startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { startTestServer } from '../../test/test-server.js';
import { useTestShop } from '../../test/test-shop.js';
import { cleanHeaders, MailService } from './mail.service.js';
import { MailSender, retryDelayMs } from './mail-sender.js';

describe.each(testDatabaseTargets())('mail outbox and SMTP sender on $name', (target) => {
  let smtp: TestSmtpServer;
  let mail: MailService;
  const { database } = useTestShop(target, { server: false });

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    mail = new MailService();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const row = (id: number) =>
    database.handle.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('queues a message and delivers it over SMTP, marking it sent', async () => {
    const id = await mail.queue(systemContext(database.handle, 'AU'), {
      to: 'store@example.com',
      replyTo: 'shopper@example.net',
      subject: 'Enquiry about a Canon EOS 80D\r\nBcc: victim@example.org',
      text: 'Is it still available?\nThanks',
      html: '<p>Is it <strong>still</strong> available?</p><script>alert(1)</script>',
    });
    const queued = await row(id);
    expect(queued).toMatchObject({ sent_at: null, attempts: 0, to_address: 'store@example.com' });
    // A newline in a header value must not start a new header.
    expect(queued.subject).toBe('Enquiry about a Canon EOS 80D Bcc: victim@example.org');
    expect(queued.html_body).toBe('<p>Is it <strong>still</strong> available?</p>');

    const sender = new MailSender(database.handle, smtp.url, 'Secondhand <no-reply@secondhand.example>');
    try {
      expect(await sender.sendPending()).toEqual({ sent: 1, failed: 0 });
    } finally {
      sender.close();
    }
    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0];
    expect(message?.from).toBe('no-reply@secondhand.example');
    expect(message?.to).toEqual(['store@example.com']);
    const text = readableMail(message?.data ?? '');
    expect(text).toMatch(/^Reply-To: shopper@example\.net$/m);
    expect(text).toMatch(/^To: store@example\.com$/m);
    expect(text).not.toMatch(/^Bcc:/m);
    expect(text).toContain('Is it still available?');
    const sent = await row(id);
    expect(sent.sent_at).not.toBeNull();
    expect(sent.attempts).toBe(1);
    expect(sent.last_error).toBeNull();
  });

  it('records a failure, waits before retrying, then delivers', async () => {
    smtp.received.length = 0;
    const id = await mail.queue(systemContext(database.handle, 'AU'), {
      to: 'store@example.com',
      subject: 'Retry me',
      text: 'Hello',
    });
    const sender = new MailSender(database.handle, smtp.url, 'no-reply@secondhand.example');
    try {
      smtp.refuse = true;
      expect(await sender.sendPending()).toEqual({ sent: 0, failed: 1 });
      const failed = await row(id);
      expect(failed.sent_at).toBeNull();
      expect(failed.attempts).toBe(1);
      expect(failed.last_error).toMatch(/451|Try again/);
      expect(Date.parse(failed.next_attempt_at ?? '')).toBeGreaterThan(Date.now() + retryDelayMs(1) - 10_000);

      smtp.refuse = false;
      // Not due yet: nothing is sent.
      expect(await sender.sendPending()).toEqual({ sent: 0, failed: 0 });
      await database.handle.db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', id)
        .execute();
      expect(await sender.sendPending()).toEqual({ sent: 1, failed: 0 });
    } finally {
      sender.close();
      smtp.refuse = false;
    }
    const sent = await row(id);
    expect(sent.attempts).toBe(2);
    expect(sent.sent_at).not.toBeNull();
    expect(smtp.received.map((m) => readableMail(m.data))).toEqual([expect.stringContaining('Subject: Retry me')]);
  });

  it('lets only one of two senders claim a message', async () => {
    smtp.received.length = 0;
    await mail.queue(systemContext(database.handle, 'AU'), {
      to: 'store@example.com',
      subject: 'Once only',
      text: 'Hello',
    });
    const a = new MailSender(database.handle, smtp.url, 'no-reply@secondhand.example');
    const b = new MailSender(database.handle, smtp.url, 'no-reply@secondhand.example');
    try {
      const reports = await Promise.all([a.sendPending(), b.sendPending()]);
      expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(1);
    } finally {
      a.close();
      b.close();
    }
    expect(smtp.received).toHaveLength(1);
  });

  it('shows the outbox at /c3api/dev/outbox only when DEV_MAILBOX=true', async () => {
    const closed = await startTestServer(database);
    try {
      const response = await closed.get('/c3api/dev/outbox');
      expect(response.status).toBe(404);
      expect(response.body.WasSuccessful).toBe(false);
    } finally {
      await closed.close();
    }
    const open = await startTestServer(database, { DEV_MAILBOX: 'true' });
    try {
      const response = await open.get<{ Messages: { Subject: string; SentAt: string | null }[] }>('/c3api/dev/outbox');
      expect(response.status).toBe(200);
      expect(response.body.Value.Messages.map((m) => m.Subject)).toEqual(
        expect.arrayContaining(['Once only', 'Retry me']),
      );
      expect(response.body.Value.Messages[0]?.Subject).toBe('Once only');
    } finally {
      await open.close();
    }
  });

  it('with SMTP_URL, queues a send job with each message and the server delivers it at once', async () => {
    smtp.received.length = 0;
    const server = await startTestServer(database, { SMTP_URL: smtp.url });
    try {
      const ctx = server.ctx();
      // Rolled back: neither the message nor its job exists.
      await expect(
        inTransaction(ctx, async (tx) => {
          await server.services.mail.queue(tx, { to: 'store@example.com', subject: 'Never sent', text: 'x' });
          throw new Error('the enquiry failed');
        }),
      ).rejects.toThrow('the enquiry failed');
      const id = await inTransaction(ctx, (tx) =>
        server.services.mail.queue(tx, { to: 'store@example.com', subject: 'Sent by the worker', text: 'Hello' }),
      );
      const job = await database.handle.db
        .selectFrom('jobs')
        .selectAll()
        .where('key', '=', `mail:${id}`)
        .executeTakeFirst();
      expect(job?.type).toBe('mail.send');
      await expect
        .poll(() => smtp.received.map((m) => readableMail(m.data)), { timeout: 5000 })
        .toEqual([expect.stringContaining('Subject: Sent by the worker')]);
      // Marked sent just after the SMTP server accepted it.
      await expect.poll(async () => (await row(id)).sent_at !== null).toBe(true);
      expect(
        await database.handle.db.selectFrom('mail_outbox').select('id').where('subject', '=', 'Never sent').execute(),
      ).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('stores per-message headers and the sender passes them on over SMTP', async () => {
    smtp.received.length = 0;
    const id = await mail.queue(systemContext(database.handle, 'AU'), {
      to: 'shopper@example.com',
      subject: 'New matches',
      text: 'Hello',
      html: '<p>Hello</p>',
      headers: {
        'List-Unsubscribe': '<https://shop.example/c3api/savedsearch/unsubscribe?token=abc>\r\nBcc: victim@example.org',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    expect(JSON.parse((await row(id)).headers ?? 'null')).toEqual({
      'List-Unsubscribe': '<https://shop.example/c3api/savedsearch/unsubscribe?token=abc> Bcc: victim@example.org',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const plain = await mail.queue(systemContext(database.handle, 'AU'), {
      to: 'a@example.com',
      subject: 'x',
      text: 'y',
    });
    expect((await row(plain)).headers).toBeNull();
    const sender = new MailSender(database.handle, smtp.url, 'no-reply@secondhand.example');
    try {
      expect(await sender.sendPending()).toEqual({ sent: 2, failed: 0 });
    } finally {
      sender.close();
    }
    // Long header lines arrive folded (RFC 5322): unfold before reading.
    const text = readableMail(smtp.received.find((m) => m.to[0] === 'shopper@example.com')?.data ?? '').replace(
      /\r\n[ \t]+/g,
      ' ',
    );
    expect(text).toMatch(
      /^List-Unsubscribe: <https:\/\/shop\.example\/c3api\/savedsearch\/unsubscribe\?token=abc> Bcc: victim@example\.org$/m,
    );
    expect(text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(text).not.toMatch(/^Bcc:/m);
    const other = readableMail(smtp.received.find((m) => m.to[0] === 'a@example.com')?.data ?? '');
    expect(other).not.toMatch(/^List-Unsubscribe/m);
  });

  it('refuses header names that are not names or that the sender writes itself', () => {
    expect(() => cleanHeaders({ 'Bad Name': 'x' })).toThrow(RangeError);
    expect(() => cleanHeaders({ bcc: 'victim@example.org' })).toThrow(RangeError);
    expect(() => cleanHeaders({ Subject: 'x' })).toThrow(RangeError);
    expect(cleanHeaders({})).toBeNull();
    expect(cleanHeaders(null)).toBeNull();
  });
});
