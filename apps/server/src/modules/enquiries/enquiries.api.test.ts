import {
  CAPTCHA_REQUIRED,
  EMAIL_MESSAGE,
  ENQUIRY_MESSAGE_TOO_LONG,
  type EnquiryBody,
  REQUIRED_MESSAGE,
} from '@shop/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../lib/errors.js';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { readableMail, startTestSmtpServer } from '../../test/smtp-server.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { MailSender } from '../mail/mail-sender.js';

describe.each(testDatabaseTargets())('product enquiries on $name', (target) => {
  let item: { id: number; code: string };
  let britishCode: string;
  let storeId: number;
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      const db = database.handle.db;
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      const store = await makeStore(db, { name: 'Fremantle', state: 'WA', email: 'fremantle@example.com' });
      storeId = store.id;
      const guitars = await categoryIdBySlug(db, 'guitars');
      item = await makeProduct(db, { store_id: store.id, category_id: guitars, title: 'Fender Stratocaster Sunburst' });
      const london = await makeStore(db, { region: 'UK', state: 'LND', name: 'Soho' });
      britishCode = (await makeProduct(db, { store_id: london.id, category_id: guitars })).code;
    },
    env: { PUBLIC_URL: 'https://shop.example' },
  });

  async function solvedCaptcha(): Promise<string> {
    const { Token } = await server.services.captcha.issue(server.ctx(), 'HJK34');
    return `${Token}:hjk34`;
  }

  async function body(overrides: Record<string, unknown> = {}) {
    return {
      productCode: item.code.toLowerCase(),
      name: '  Alex Citizen ',
      email: 'alex@example.net',
      message: 'Is the guitar still available?\nCould I try it on Saturday?',
      date: '7/3/2026',
      recaptchaToken: await solvedCaptcha(),
      ...overrides,
    };
  }

  const count = async (table: 'enquiries' | 'mail_outbox') =>
    Number(
      (
        await database.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores the enquiry and queues an e-mail to the store, replying to the shopper', async () => {
    const { status, body: reply } = await server.post<{ EnquiryId: number }>('/c3api/product/enquiry', await body());
    expect(status, reply.Message ?? '').toBe(200);
    expect(reply.WasSuccessful).toBe(true);
    const db = database.handle.db;
    const enquiry = await db
      .selectFrom('enquiries')
      .selectAll()
      .where('id', '=', reply.Value.EnquiryId)
      .executeTakeFirstOrThrow();
    expect(enquiry).toMatchObject({
      product_id: item.id,
      product_code: item.code,
      store_id: storeId,
      name: 'Alex Citizen',
      email: 'alex@example.net',
      message: 'Is the guitar still available?\nCould I try it on Saturday?',
      shopper_date: '7/3/2026',
    });
    const mail = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', enquiry.mail_id ?? -1)
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({
      to_address: 'fremantle@example.com',
      reply_to: 'alex@example.net',
      subject: `Enquiry about Fender Stratocaster Sunburst (${item.code})`,
      sent_at: null,
    });
    for (const part of [
      'Alex Citizen',
      'alex@example.net',
      'Could I try it on Saturday?',
      'Fender Stratocaster Sunburst',
      item.code,
      `https://shop.example/product/${item.code.toLowerCase()}/fender-stratocaster-sunburst`,
    ]) {
      expect(mail.text_body).toContain(part);
      expect(mail.html_body).toContain(part);
    }

    // And it really leaves: the sender delivers it to the store over SMTP.
    const smtp = await startTestSmtpServer();
    const sender = new MailSender(database.handle, smtp.url, 'Secondhand <no-reply@secondhand.example>');
    try {
      await sender.sendPending();
      const delivered = smtp.received.find((m) => m.to.includes('fremantle@example.com'));
      expect(delivered).toBeDefined();
      const text = readableMail(delivered?.data ?? '');
      expect(text).toMatch(/^Reply-To: alex@example\.net$/m);
      expect(text).toContain('Could I try it on Saturday?');
    } finally {
      sender.close();
      await smtp.close();
    }
  });

  it('escapes what the shopper wrote in the HTML e-mail', async () => {
    const { body: reply } = await server.post<{ EnquiryId: number }>(
      '/c3api/product/enquiry',
      await body({ name: '<img src=x onerror=alert(1)>', message: '<script>alert(2)</script> & more' }),
    );
    const enquiry = await database.handle.db
      .selectFrom('enquiries')
      .innerJoin('mail_outbox as m', 'm.id', 'enquiries.mail_id')
      .select(['m.html_body'])
      .where('enquiries.id', '=', reply.Value.EnquiryId)
      .executeTakeFirstOrThrow();
    expect(enquiry.html_body).not.toMatch(/<img|<script/);
    expect(enquiry.html_body).toContain('&lt;script&gt;alert(2)&lt;/script&gt; &amp; more');
  });

  it.each([
    ['name', { name: '   ' }, `name: ${REQUIRED_MESSAGE}`],
    ['a missing name', { name: undefined }, `name: ${REQUIRED_MESSAGE}`],
    ['email', { email: 'not-an-email' }, `email: ${EMAIL_MESSAGE}`],
    ['message', { message: 'x'.repeat(3001) }, `message: ${ENQUIRY_MESSAGE_TOO_LONG}`],
    ['an empty message', { message: '' }, `message: ${REQUIRED_MESSAGE}`],
    ['recaptchaToken', { recaptchaToken: '' }, `recaptchaToken: ${CAPTCHA_REQUIRED}`],
    ['date', { date: '2026-03-07' }, 'date: must be a date written d/m/yyyy'],
    ['an impossible date', { date: '31/2/2026' }, 'date: must be a date written d/m/yyyy'],
    ['productCode', { productCode: '../etc' }, 'productCode:'],
  ])('refuses a bad %s with a 400 naming the field, writing nothing', async (_label, overrides, message) => {
    const before = await count('enquiries');
    const { status, body: reply } = await server.post('/c3api/product/enquiry', await body(overrides));
    expect(status).toBe(400);
    expect(reply.WasSuccessful).toBe(false);
    expect(reply.Message).toContain(message);
    expect(await count('enquiries')).toBe(before);
  });

  it('refuses a body that is not JSON, or none at all', async () => {
    const empty = await server.post('/c3api/product/enquiry', undefined);
    expect(empty.status).toBe(400);
    expect(empty.body.WasSuccessful).toBe(false);
    const visitor = await server.visitor();
    const broken = await fetch(`${server.baseUrl}/c3api/product/enquiry`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: visitor.cookie, 'X-XSRF-TOKEN': visitor.token },
      body: '{ "name": ',
    });
    expect(broken.status).toBe(400);
    const reply = await broken.json();
    expect(reply.WasSuccessful).toBe(false);
    expect(reply.Message).not.toMatch(/\bat \w+ \(/);
    const array = await server.post('/c3api/product/enquiry', [1, 2]);
    expect(array.status).toBe(400);
    expect(array.body.Message).toContain('expected object');
  });

  it('refuses a wrong or reused captcha answer', async () => {
    const before = await count('enquiries');
    const { Token } = await server.services.captcha.issue(server.ctx(), 'HJK34');
    const wrong = await server.post('/c3api/product/enquiry', await body({ recaptchaToken: `${Token}:HJK35` }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.Message).toContain(CAPTCHA_REQUIRED);
    // The wrong guess used the challenge up: the right answer no longer works either.
    const retried = await server.post('/c3api/product/enquiry', await body({ recaptchaToken: `${Token}:HJK34` }));
    expect(retried.status).toBe(400);
    expect(retried.body.Message).toContain(CAPTCHA_REQUIRED);

    const once = await body();
    expect((await server.post('/c3api/product/enquiry', once)).status).toBe(200);
    const again = await server.post('/c3api/product/enquiry', once);
    expect(again.status).toBe(400);
    expect(again.body.Message).toContain(CAPTCHA_REQUIRED);
    expect(await count('enquiries')).toBe(before + 1);
  });

  // Through the service rather than over HTTP: the route allows 20 calls a minute from one address,
  // and this file's HTTP tests already spend them.
  it("raises a refused captcha or date with its field as data (FieldErrors), which the shop's form reads", async () => {
    const refusal = async (overrides: Record<string, unknown>) => {
      const input = (await body(overrides)) as EnquiryBody;
      const error = await server.services.enquiries.submit(server.ctx(), input).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(BadRequestError);
      return (error as BadRequestError).toEnvelope();
    };
    const { Token } = await server.services.captcha.issue(server.ctx(), 'HJK34');
    expect((await refusal({ recaptchaToken: `${Token}:HJK35` })).FieldErrors).toEqual([
      { Field: 'recaptchaToken', Message: `The characters did not match the picture. ${CAPTCHA_REQUIRED}` },
    ]);
    expect((await refusal({ date: '31/2/2026' })).FieldErrors).toEqual([
      { Field: 'date', Message: 'must be a date written d/m/yyyy' },
    ]);
  });

  it('is a 404 for an unknown item or another region’s item', async () => {
    const before = await count('enquiries');
    for (const productCode of ['SH9999999', britishCode]) {
      const { status, body: reply } = await server.post('/c3api/product/enquiry', await body({ productCode }));
      expect(status).toBe(404);
      expect(reply.WasSuccessful).toBe(false);
    }
    expect(await count('enquiries')).toBe(before);
  });

  it('writes neither the enquiry nor its e-mail when the transaction fails half-way, and hides the cause', async () => {
    const db = database.handle.db;
    const before = { enquiries: await count('enquiries'), mail: await count('mail_outbox') };
    // The e-mail is queued first inside the transaction; take the enquiries table away so the second write fails.
    await sql`alter table enquiries rename to enquiries_away`.execute(db);
    try {
      const { status, body: reply } = await server.post('/c3api/product/enquiry', await body());
      expect(status).toBe(500);
      expect(reply).toEqual({
        WasSuccessful: false,
        Value: null,
        Message: 'Sorry, an error has occurred, please try again soon.',
      });
    } finally {
      await sql`alter table enquiries_away rename to enquiries`.execute(db);
    }
    expect(await count('enquiries')).toBe(before.enquiries);
    expect(await count('mail_outbox')).toBe(before.mail);
  });
});
