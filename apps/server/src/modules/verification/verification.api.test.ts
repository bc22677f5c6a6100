import {
  EmailVerificationError,
  emailVerificationMessage,
  type ResendCodeValue,
  VERIFICATION_CODE_TTL_MS,
  VERIFICATION_CODES_PER_HOUR,
  type VerificationValue,
} from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { latestCodeFor, mailsTo as outboxTo } from '../../test/outbox.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

let emails = 0;
const newEmail = (tag = 'verify') => `${tag}${++emails}.${Date.now()}@example.com`;
const HOUR = 60 * 60 * 1000;

/**
 * The verification rules through the saved-search calls and the resend call, with a clock the
 * test moves: a code lives 10 minutes, works once, dies after five wrong tries; three codes an
 * hour per address, then kind 4 with the hours to wait; a verified address needs no code again.
 */
describe.each(testDatabaseTargets())('e-mail verification on $name', (target) => {
  let clock = Date.now();
  const { database, server } = useTestShop(target, {
    seed: { products: 0, seed: 1 },
    env: { TRUST_PROXY: 'true' },
    server: { now: () => clock },
  });

  const db = () => database.handle.db;
  const customer = async (email = newEmail('account')) => {
    const client = new TestClient(server.baseUrl);
    await client.register(email);
    return client;
  };
  const codeFor = (address: string) => latestCodeFor(db(), address);
  const mailsTo = async (address: string) => (await outboxTo(db(), address)).length;
  const save = (client: TestClient, email: string, code?: string) =>
    client.post<VerificationValue>('/c3api/savedsearch/add', {
      NotificationFrequency: 1,
      Title: 'Phones',
      Email: email,
      SearchUrl: 'query=phone',
      ...(code === undefined ? {} : { VerificationCode: code }),
    });
  const saved = async (client: TestClient) =>
    (await client.get<{ totalSearches: number }>('/c3api/savedsearch/list')).body.Value.totalSearches;
  const otherThan = (code: string) => (code === '123456' ? '654321' : '123456');
  const resend = (client: TestClient, body?: unknown) =>
    client.post<ResendCodeValue>('/c3api/emailverification/resendcode', body);

  it('stores a code only as a keyed hash: six digits by mail, never in the database', async () => {
    const client = await customer();
    const email = newEmail();
    await save(client, email);
    const code = await codeFor(email);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await db().selectFrom('email_verification_codes').selectAll().where('email_key', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).not.toContain(code);
    expect(rows[0]?.expires_at).toBe(clock + VERIFICATION_CODE_TTL_MS);
  });

  it('refuses a code after 10 minutes', async () => {
    const client = await customer();
    const email = newEmail();
    await save(client, email);
    const code = await codeFor(email);
    clock += VERIFICATION_CODE_TTL_MS + 1;
    const late = await save(client, email, code);
    expect(late.body.Value.EmailVerificationError).toBe(EmailVerificationError.CodeDoesNotMatch);
    expect(await saved(client)).toBe(0);
    // A fresh code within its 10 minutes works.
    await save(client, email);
    const fresh = await codeFor(email);
    clock += VERIFICATION_CODE_TTL_MS - 1;
    expect((await save(client, email, fresh)).body.WasSuccessful).toBe(true);
    expect(await saved(client)).toBe(1);
  });

  it('burns a code after five wrong tries: the right code is refused after them', async () => {
    const client = await customer();
    const email = newEmail();
    await save(client, email);
    const code = await codeFor(email);
    for (let i = 0; i < 5; i++) {
      const wrong = await save(client, email, otherThan(code));
      expect(wrong.body.Value.EmailVerificationError).toBe(EmailVerificationError.CodeDoesNotMatch);
      expect(wrong.body.Message).toBe(emailVerificationMessage(2, null));
    }
    expect((await save(client, email, code)).body.Value.EmailVerificationError).toBe(2);
    expect(await saved(client)).toBe(0);

    // Four wrong tries leave a code usable.
    const other = newEmail();
    await save(client, other);
    const otherCode = await codeFor(other);
    for (let i = 0; i < 4; i++) await save(client, other, otherThan(otherCode));
    expect((await save(client, other, otherCode)).body.WasSuccessful).toBe(true);
  });

  it('uses a code once, and only for the customer it was sent to', async () => {
    const client = await customer();
    const email = newEmail();
    await save(client, email);
    const code = await codeFor(email);
    // Another customer cannot use it for the same address.
    const stranger = await customer();
    expect((await save(stranger, email, code)).body.Value.EmailVerificationError).toBe(2);
    expect((await save(client, email, code)).body.WasSuccessful).toBe(true);
    // Forget that the address was verified: the same code does not work twice.
    await db().deleteFrom('verified_emails').where('email_key', '=', email).execute();
    expect((await save(client, email, code)).body.Value.EmailVerificationError).toBe(2);
    const row = await db()
      .selectFrom('email_verification_codes')
      .select('used_at')
      .where('email_key', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
  });

  it("a verified address needs no code next time; the account's own address is verified once like any other", async () => {
    const accountEmail = newEmail('own');
    const client = await customer(accountEmail);
    const first = await save(client, accountEmail);
    expect(first.body.Value.EmailVerificationError).toBe(EmailVerificationError.EmptyMessage);
    expect((await save(client, accountEmail.toUpperCase(), await codeFor(accountEmail))).body.WasSuccessful).toBe(true);
    const mails = await mailsTo(accountEmail);
    clock += 48 * HOUR;
    expect((await save(client, accountEmail)).body.WasSuccessful).toBe(true);
    expect(await mailsTo(accountEmail)).toBe(mails);
    expect(await saved(client)).toBe(2);
  });

  it('resends at most three codes an hour per address, then answers kind 4 with the hours to wait', async () => {
    const client = await customer();
    const email = newEmail();
    const reply = await resend(client, { Email: email });
    expect(reply.status).toBe(200);
    expect(reply.body.WasSuccessful).toBe(true);
    expect(reply.body.Value).toMatchObject({ EmailVerificationError: EmailVerificationError.Success });
    clock += 20 * 60 * 1000;
    for (let i = 1; i < VERIFICATION_CODES_PER_HOUR; i++) {
      expect((await resend(client, { Email: email })).body.Value.EmailVerificationError).toBe(1);
    }
    expect(await mailsTo(email)).toBe(VERIFICATION_CODES_PER_HOUR);
    const limited = await resend(client, { Email: email });
    const waitMessage = emailVerificationMessage(EmailVerificationError.MustWait, 1);
    expect(limited.body).toEqual({
      WasSuccessful: false,
      Message: waitMessage,
      Value: { Message: waitMessage, EmailVerificationError: 4, TimeUntilUserCanReattempt: 1 },
    });
    expect(waitMessage).toBe('You have to wait 1 hour(s) before you can request to resend a verification code.');
    // A save asking for a code meanwhile gets kind 4 too, and no mail goes out.
    expect((await save(client, email)).body.Value).toEqual({ EmailVerificationError: 4, TimeUntilUserCanReattempt: 1 });
    expect(await mailsTo(email)).toBe(VERIFICATION_CODES_PER_HOUR);
    // Every code sent is still good until it is used or expires: the newest works.
    expect((await save(client, email, await codeFor(email))).body.WasSuccessful).toBe(true);
    // Once the first code is an hour old, one more may go.
    const other = newEmail();
    for (let i = 0; i < VERIFICATION_CODES_PER_HOUR; i++) await resend(client, { Email: other });
    expect((await resend(client, { Email: other })).body.Value.EmailVerificationError).toBe(4);
    clock += HOUR + 1;
    expect((await resend(client, { Email: other })).body.Value.EmailVerificationError).toBe(1);
  });

  it("resends to the account's address when no Email is given; guests get 401, a bad address 400", async () => {
    const accountEmail = newEmail('resend');
    const client = await customer(accountEmail);
    const reply = await resend(client);
    expect(reply.body.Value.Message).toContain(accountEmail);
    expect(await codeFor(accountEmail)).toMatch(/^\d{6}$/);
    expect((await resend(client, {})).body.WasSuccessful).toBe(true);
    const bad = await resend(client, { Email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe('Invalid input. Email: Please enter a valid email address');
    const guest = await new TestClient(server.baseUrl).visit();
    expect((await resend(guest)).status).toBe(401);
  });
});
