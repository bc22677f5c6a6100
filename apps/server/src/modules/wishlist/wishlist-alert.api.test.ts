import type {
  WishlistAlertAcknowledgeValue,
  WishlistAlertToggleValue,
  WishlistChangeValue,
  WishlistPageValue,
} from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { latestCodeFor, mailsTo as outboxTo } from '../../test/outbox.js';
import { readableMail, startTestSmtpServer } from '../../test/smtp-server.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { MailSender } from '../mail/mail-sender.js';

let people = 0;

describe.each(testDatabaseTargets())('wishlist alerts on $name', (target) => {
  let storeId: number;
  let guitars: number;
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      storeId = (await makeStore(database.handle.db, { name: 'Fremantle <Music>', state: 'WA' })).id;
      guitars = await categoryIdBySlug(database.handle.db, 'guitars');
    },
    // Each test client comes from its own address (sign-up is throttled per address).
    env: { TRUST_PROXY: 'true' },
  });

  const db = () => database.handle.db;
  const item = (overrides: { price_minor?: number; title?: string } = {}) =>
    makeProduct(db(), { store_id: storeId, category_id: guitars, image_count: 2, ...overrides });
  const wishlistRow = (id: number) =>
    db().selectFrom('wishlists').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const mailsTo = (address: string) => outboxTo(db(), address);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** A signed-in customer with a wishlist (made by the page's acknowledgement). */
  async function customer() {
    const email = `alerts-${++people}-${Date.now()}@example.com`;
    const client = new TestClient(server.baseUrl);
    await client.register(email);
    const ack = await client.post<WishlistAlertAcknowledgeValue>('/c3api/wishlistalert/acknowledgefeature', {});
    expect(ack.status, ack.body.Message ?? '').toBe(200);
    const wishlistId = ack.body.Value.WishlistId;
    if (wishlistId === null) throw new Error('no wishlist');
    return { client, email, wishlistId, ack: ack.body.Value };
  }

  const toggle = (client: TestClient, body: Record<string, unknown>) =>
    client.post<WishlistAlertToggleValue>('/c3api/wishlistalert/toggle', body);

  const codeFor = (address: string) => latestCodeFor(db(), address);

  /** Alerts on for this customer, through the code step. */
  async function alertsOn(who: { client: TestClient; email: string; wishlistId: number }) {
    const first = await toggle(who.client, { WishlistId: who.wishlistId, AlertEnabled: true, Email: who.email });
    expect(first.body.Value.EmailVerificationError).toBe(3);
    const on = await toggle(who.client, {
      WishlistId: who.wishlistId,
      AlertEnabled: true,
      Email: who.email,
      VerificationCode: await codeFor(who.email),
    });
    expect(on.body.WasSuccessful, on.body.Message ?? '').toBe(true);
    expect(on.body.Value.AlertEnabled).toBe(true);
  }

  it('asks a guest to sign in (401) and answers 404 for a wishlist that is not the customer’s own', async () => {
    const guest = await server.post('/c3api/wishlistalert/toggle', {
      WishlistId: 1,
      AlertEnabled: true,
      Email: 'a@example.com',
    });
    expect(guest.status).toBe(401);
    const off = await server.post('/c3api/wishlistalert/toggle', { WishlistId: 1, AlertEnabled: false });
    expect(off.status).toBe(401);

    const owner = await customer();
    const stranger = await customer();
    for (const AlertEnabled of [true, false]) {
      const reply = await toggle(stranger.client, {
        WishlistId: owner.wishlistId,
        AlertEnabled,
        Email: stranger.email,
      });
      expect(reply.status).toBe(404);
    }
    const missing = await toggle(stranger.client, { WishlistId: 2_000_000_000, AlertEnabled: true, Email: 'x@y.com' });
    expect(missing.status).toBe(404);
    expect((await wishlistRow(owner.wishlistId)).alert_enabled).toBe(0);
  });

  it('checks the address with the spec’s messages before anything is sent', async () => {
    const who = await customer();
    const cases: [unknown, string][] = [
      [undefined, 'This field is required'],
      ['   ', 'This field is required'],
      [`${'a'.repeat(75)}@example.com`, 'Please provide an email address with 83 or fewer characters.'],
      ['not-an-address', 'Please enter a valid email address'],
      ['two@@example.com', 'Please enter a valid email address'],
    ];
    for (const [Email, message] of cases) {
      const reply = await toggle(who.client, { WishlistId: who.wishlistId, AlertEnabled: true, Email });
      expect(reply.status).toBe(400);
      expect(reply.body.WasSuccessful).toBe(false);
      expect(reply.body.Message).toContain(message);
    }
    expect(await mailsTo(who.email)).toHaveLength(0);
    expect((await wishlistRow(who.wishlistId)).alert_enabled).toBe(0);
  });

  it('turns alerts on through the code (sent, wrong, right), welcomes once, turns off at once, and repeats change nothing', async () => {
    const who = await customer();
    const base = { WishlistId: who.wishlistId, AlertEnabled: true, Email: who.email };

    const sent = await toggle(who.client, base);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      WasSuccessful: false,
      Message: '',
      Value: { EmailVerificationError: 3, AlertEnabled: false, ShowWelcome: false },
    });
    const code = await codeFor(who.email);

    const wrong = await toggle(who.client, { ...base, VerificationCode: code === '000000' ? '111111' : '000000' });
    expect(wrong.body).toMatchObject({
      WasSuccessful: false,
      Message: 'Sorry, that code does not match. Please recheck the code in the email you received before retrying.',
      Value: { EmailVerificationError: 2, AlertEnabled: false },
    });
    expect((await wishlistRow(who.wishlistId)).alert_enabled).toBe(0);

    const before = Date.now();
    const on = await toggle(who.client, { ...base, Email: `  ${who.email.toUpperCase()} `, VerificationCode: code });
    expect(on.body).toMatchObject({
      WasSuccessful: true,
      Value: { EmailVerificationError: null, AlertEnabled: true, ShowWelcome: true },
    });
    let row = await wishlistRow(who.wishlistId);
    expect(row.alert_enabled).toBe(1);
    expect(row.alert_email?.toLowerCase()).toBe(who.email);
    expect(Number(row.alert_since)).toBeGreaterThanOrEqual(before);
    expect(row.alert_welcomed_at).not.toBeNull();
    const since = row.alert_since;

    // On again: nothing changes, no welcome, no code.
    const again = await toggle(who.client, base);
    expect(again.body).toMatchObject({ WasSuccessful: true, Value: { AlertEnabled: true, ShowWelcome: false } });
    expect((await wishlistRow(who.wishlistId)).alert_since).toBe(since);

    // The page now reads alerts as on.
    const page = await who.client.get<WishlistPageValue>('/c3api/wishlist/query/page?page=1');
    expect(page.body.Value.Data).toMatchObject({ WishlistId: who.wishlistId, AlertEnabled: true });

    // Off is immediate (no e-mail, no code), and twice is the same.
    for (let i = 0; i < 2; i++) {
      const off = await toggle(who.client, { WishlistId: who.wishlistId, AlertEnabled: false });
      expect(off.body).toMatchObject({ WasSuccessful: true, Value: { AlertEnabled: false, ShowWelcome: false } });
      expect((await wishlistRow(who.wishlistId)).alert_enabled).toBe(0);
    }
    const pageOff = await who.client.get<WishlistPageValue>('/c3api/wishlist/query/page?page=1');
    expect(pageOff.body.Value.Data.AlertEnabled).toBe(false);

    // Back on with the verified address: no code, no second welcome, a new mark.
    const mailsBefore = (await mailsTo(who.email)).length;
    const back = await toggle(who.client, base);
    expect(back.body).toMatchObject({ WasSuccessful: true, Value: { AlertEnabled: true, ShowWelcome: false } });
    expect(await mailsTo(who.email)).toHaveLength(mailsBefore);
    row = await wishlistRow(who.wishlistId);
    expect(Number(row.alert_since)).toBeGreaterThanOrEqual(Number(since));
  });

  it('answers kind 4 with the hours to wait once an address had its codes for the hour', async () => {
    const who = await customer();
    const other = `other-${Date.now()}@example.com`;
    const base = { WishlistId: who.wishlistId, AlertEnabled: true, Email: other };
    for (let i = 0; i < 3; i++) expect((await toggle(who.client, base)).body.Value.EmailVerificationError).toBe(3);
    const wait = await toggle(who.client, base);
    expect(wait.body).toMatchObject({
      WasSuccessful: false,
      Message: 'You have to wait 1 hour(s) before you can request to resend a verification code.',
      Value: { EmailVerificationError: 4, TimeUntilUserCanReattempt: 1, AlertEnabled: false },
    });
    expect(await mailsTo(other)).toHaveLength(3);
  });

  it('records the feature acknowledgement once and answers what the switch needs (idempotent)', async () => {
    const who = await customer();
    expect(who.ack).toMatchObject({ AlertEnabled: false, AlertEmail: null, FirstAcknowledgement: true });
    const seenAt = (await wishlistRow(who.wishlistId)).alert_feature_seen_at;
    expect(seenAt).not.toBeNull();
    for (let i = 0; i < 2; i++) {
      const again = await who.client.post<WishlistAlertAcknowledgeValue>('/c3api/wishlistalert/acknowledgefeature', {});
      expect(again.body.Value).toEqual({
        WishlistId: who.wishlistId,
        AlertEnabled: false,
        AlertEmail: null,
        FirstAcknowledgement: false,
      });
    }
    expect((await wishlistRow(who.wishlistId)).alert_feature_seen_at).toBe(seenAt);
    await alertsOn(who);
    const on = await who.client.post<WishlistAlertAcknowledgeValue>('/c3api/wishlistalert/acknowledgefeature', {});
    expect(on.body.Value).toMatchObject({ AlertEnabled: true, FirstAcknowledgement: false });
    expect(on.body.Value.AlertEmail?.toLowerCase()).toBe(who.email);

    // A guest: nothing to record without a wishlist; with one, once.
    const none = await server.post<WishlistAlertAcknowledgeValue>('/c3api/wishlistalert/acknowledgefeature', {});
    expect(none.body.Value).toEqual({
      WishlistId: null,
      AlertEnabled: false,
      AlertEmail: null,
      FirstAcknowledgement: false,
    });
    const added = await server.post<WishlistChangeValue>('/c3api/wishlist/add', { ItemCode: (await item()).code });
    const Token = added.body.Value.Token;
    const first = await server.post<WishlistAlertAcknowledgeValue>('/c3api/wishlistalert/acknowledgefeature', {
      Token,
    });
    const second = await server.post<WishlistAlertAcknowledgeValue>('/c3api/wishlistalert/acknowledgefeature', {
      Token,
    });
    expect(first.body.Value.FirstAcknowledgement).toBe(true);
    expect(second.body.Value.FirstAcknowledgement).toBe(false);
    expect(second.body.Value.WishlistId).toBe(first.body.Value.WishlistId);
  });

  it('offers the alerts reminder after a heart once per wishlist', async () => {
    const add = (ItemCode: string, Token?: string | null) =>
      server.post<WishlistChangeValue>('/c3api/wishlist/add', { Token, ItemCode });
    const first = await add((await item()).code);
    expect(first.body.Value.Data).toEqual({ HideWishlistAlertReminder: false });
    const Token = first.body.Value.Token;
    const second = await add((await item()).code, Token);
    expect(second.body.Value.Data).toEqual({ HideWishlistAlertReminder: true });
    const same = await add((await item()).code, Token);
    expect(same.body.Value.Data).toEqual({ HideWishlistAlertReminder: true });
    // Another guest (a new wishlist) is offered it once too.
    expect((await add((await item()).code)).body.Value.Data).toEqual({ HideWishlistAlertReminder: false });

    // A customer whose alerts are on is never offered it.
    const who = await customer();
    await alertsOn(who);
    const mine = await who.client.post<WishlistChangeValue>('/c3api/wishlist/add', { ItemCode: (await item()).code });
    expect(mine.body.Value.Data).toEqual({ HideWishlistAlertReminder: true });
  });

  describe('the alert e-mails', () => {
    it('tell each price drop and sale since the mark in one e-mail with was/now, pictures, links and unsubscribe', async () => {
      const who = await customer();
      const dropped = await item({ price_minor: 50_000, title: 'Fender <Strat> & case' });
      const sold = await item({ price_minor: 20_000, title: 'Yamaha acoustic' });
      const quiet = await item({ price_minor: 10_000, title: 'Quiet ukulele' });
      for (const product of [dropped, sold, quiet])
        await who.client.post('/c3api/wishlist/add', { ItemCode: product.code });
      await alertsOn(who);
      const ctx = server.ctx();

      // Nothing changed yet: nothing queued, nothing sent.
      expect(await server.services.wishlistAlerts.queueDue(ctx)).toBe(0);
      expect(await server.services.wishlistAlerts.send(ctx, who.wishlistId)).toBe(false);

      await pause(5);
      expect(await server.services.catalogue.changePrice(ctx, dropped.id, 42_500)).toBe(true);
      expect(await server.services.catalogue.setStatus(ctx, sold.id, 'sold')).toBe(true);
      const before = (await mailsTo(who.email)).length;
      expect(await server.services.wishlistAlerts.queueDue(ctx)).toBe(1);
      await server.drainJobs();
      const mails = (await mailsTo(who.email)).slice(before);
      expect(mails).toHaveLength(1);
      const mail = mails[0];
      if (!mail) throw new Error('no alert');
      expect(mail.subject).toBe('Wishlist alert: 1 price drop, 1 sold');
      expect(mail.text_body).toContain('Fender <Strat> & case (Fremantle <Music>, WA)');
      expect(mail.text_body).toContain('Was $500.00, now $425.00');
      expect(mail.text_body).toMatch(/Yamaha acoustic[^\n]*\n {2}Sold/);
      expect(mail.text_body).not.toContain('Quiet ukulele');
      expect(mail.text_body).toContain('http://localhost');
      expect(mail.text_body).toContain('/wishlist');
      expect(mail.html_body).toContain('Fender &lt;Strat&gt; &amp; case');
      expect(mail.html_body).toContain(`/c3api/images/product/${dropped.code}/1?w=300`);
      expect(mail.html_body).not.toContain('<Strat>');
      expect(mail.html_body).toContain('<strong>Sold</strong>');
      expect(mail.html_body).toContain(`/product/${dropped.code.toLowerCase()}/`);
      const headers = JSON.parse(mail.headers ?? '{}') as Record<string, string>;
      expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const link = /<(http[^>]+)>/.exec(headers['List-Unsubscribe'] ?? '')?.[1];
      expect(link).toContain('/c3api/wishlistalert/unsubscribe?token=');
      expect(mail.text_body).toContain(link);

      // It really leaves over SMTP, with both parts and the one-click unsubscribe headers.
      const smtp = await startTestSmtpServer();
      const sender = new MailSender(database.handle, smtp.url, 'Secondhand <no-reply@secondhand.example>');
      try {
        await sender.sendPending();
        const delivered = smtp.received.find((m) => m.to.includes(who.email) && m.data.includes('Wishlist alert'));
        // Long headers arrive folded: unfold them to read.
        const raw = readableMail(delivered?.data ?? '').replace(/\r\n[ \t]+/g, ' ');
        expect(raw).toContain('\nSubject: Wishlist alert: 1 price drop, 1 sold\r\n');
        // Headers are not quoted-printable (read them undecoded); a long one may be folded anywhere.
        expect((delivered?.data ?? '').replace(/\s+/g, '')).toContain(`List-Unsubscribe:<${link}>`);
        expect(raw).toContain('\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
        expect(raw).toContain('multipart/alternative');
        expect(raw).toContain('text/plain');
        expect(raw).toContain('text/html');
        expect(raw).toContain('Was $500.00, now $425.00');
      } finally {
        sender.close();
        await smtp.close();
      }

      // The mark moved with the e-mail: a second run this hour finds nothing to tell.
      expect(await server.services.wishlistAlerts.queueDue(ctx)).toBe(0);
      expect(await server.services.wishlistAlerts.send(ctx, who.wishlistId)).toBe(false);
      expect((await mailsTo(who.email)).length).toBe(before + 1);
    });

    it('send one e-mail per customer per hour however many runs and workers race', async () => {
      const who = await customer();
      const a = await item({ price_minor: 30_000 });
      const b = await item({ price_minor: 31_000 });
      for (const product of [a, b]) await who.client.post('/c3api/wishlist/add', { ItemCode: product.code });
      await alertsOn(who);
      const ctx = server.ctx();
      await pause(5);
      await server.services.catalogue.changePrice(ctx, a.id, 25_000);
      const before = (await mailsTo(who.email)).length;

      // Two hourly runs at once queue one job (keyed by wishlist and hour).
      const queued = await Promise.all([
        server.services.wishlistAlerts.queueDue(ctx),
        server.services.wishlistAlerts.queueDue(ctx),
      ]);
      expect(queued.filter((n) => n > 0).length).toBeLessThanOrEqual(1);
      await server.drainJobs();
      expect((await mailsTo(who.email)).length).toBe(before + 1);

      // Something else changes in the same hour: the hour's job exists, so no second e-mail.
      await pause(5);
      await server.services.catalogue.changePrice(ctx, b.id, 26_000);
      expect(await server.services.wishlistAlerts.queueDue(ctx)).toBe(0);
      await server.drainJobs();
      expect((await mailsTo(who.email)).length).toBe(before + 1);

      // Two workers sending the same wishlist at once: the conditional write lets one through.
      const sent = await Promise.all([
        server.services.wishlistAlerts.send(ctx, who.wishlistId),
        server.services.wishlistAlerts.send(ctx, who.wishlistId),
      ]);
      expect(sent.filter(Boolean)).toHaveLength(1);
      expect((await mailsTo(who.email)).length).toBe(before + 2);
    });

    it('unsubscribe: the link’s page changes nothing, its one-click POST turns alerts off, and forged tokens are refused', async () => {
      const who = await customer();
      await alertsOn(who);
      const token = server.services.wishlistAlerts.unsubscribeToken(who.wishlistId);
      const url = `${server.baseUrl}/c3api/wishlistalert/unsubscribe?token=${token}`;

      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).toContain('<form method="post"');
      expect((await wishlistRow(who.wishlistId)).alert_enabled).toBe(1);

      // RFC 8058: a form-encoded POST from the mail client, no cookies, no anti-forgery header.
      for (let i = 0; i < 2; i++) {
        const posted = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        });
        expect(posted.status).toBe(200);
        expect(await posted.text()).toContain('You will no longer receive wishlist alerts');
        expect((await wishlistRow(who.wishlistId)).alert_enabled).toBe(0);
      }

      const stranger = await customer();
      await alertsOn(stranger);
      const forged = `${stranger.wishlistId}.${token.split('.')[1]}`;
      const refused = await fetch(`${server.baseUrl}/c3api/wishlistalert/unsubscribe?token=${forged}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(refused.status).toBe(400);
      expect((await wishlistRow(stranger.wishlistId)).alert_enabled).toBe(1);
      const nonsense = await fetch(`${server.baseUrl}/c3api/wishlistalert/unsubscribe?token=nonsense`);
      expect(nonsense.status).toBe(400);
      const forgedPage = await fetch(`${server.baseUrl}/c3api/wishlistalert/unsubscribe?token=${forged}`);
      expect(await forgedPage.text()).toContain('This unsubscribe link is not valid');
    });
  });
});
