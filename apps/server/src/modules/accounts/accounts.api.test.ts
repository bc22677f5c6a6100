import {
  type AccountOverviewValue,
  type Cart,
  CURRENT_PASSWORD_WRONG_MESSAGE,
  type CustomerIdentity,
  EMAIL_TAKEN_MESSAGE,
  FORGOT_PASSWORD_REPLY,
  GUEST_WHOAMI,
  PASSWORD_COMMON_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  type ProfileValue,
  RESET_LINK_INVALID_MESSAGE,
  SIGN_IN_FAILED_MESSAGE,
  type WhoamiValue,
  type WishlistSummaryValue,
} from '@shop/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../sessions/sessions.service.js';
import { PasswordHasher } from './password-hasher.js';

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'correct horse battery';
let emails = 0;
const newEmail = () => `shopper${++emails}.${Date.now()}@example.com`;

describe.each(testDatabaseTargets())('accounts on $name', (target) => {
  let clock = Date.now();
  const logLines: string[] = [];
  let guitars: number;
  let storeId: number;
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      const db = database.handle.db;
      storeId = (await makeStore(db, { name: 'Fremantle', state: 'WA' })).id;
      guitars = await categoryIdBySlug(db, 'guitars');
    },
    // Each TestClient then counts as its own client address (X-Forwarded-For), as behind a load balancer.
    env: { LOG_LEVEL: 'info', TRUST_PROXY: 'true' },
    server: { now: () => clock, logStream: { write: (line) => void logLines.push(line) } },
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const browser = () => new TestClient(server.baseUrl);
  const item = (status: 'available' | 'sold' = 'available') =>
    makeProduct(database.handle.db, { store_id: storeId, category_id: guitars, price_minor: 12345, status });
  const whoami = async (client: TestClient) => (await client.get<WhoamiValue>('/c3api/whoami')).body.Value;
  const outbox = () => database.handle.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').execute();

  describe('registration and whoami', () => {
    it('answers a guest with a plain string and a customer with their details', async () => {
      const client = browser();
      expect(await whoami(client)).toBe(GUEST_WHOAMI);
      const email = newEmail();
      const identity = await client.register(email);
      expect(identity).toEqual({ Email: email, FirstName: 'Ada', LastName: 'Lovelace', IsGuestUser: false });
      expect(await whoami(client)).toEqual(identity);
      const whoamiReply = await client.get('/c3api/whoami');
      expect(whoamiReply.headers.get('cache-control')).toBe('no-store');
    });

    it('keeps the session in an HttpOnly, SameSite=Lax cookie holding only a random token', async () => {
      const response = await fetch(`${server.baseUrl}/c3api/site`);
      const visitor = new TestClient(server.baseUrl);
      void response;
      const reply = await visitor.post('/c3api/account/register', {
        Email: newEmail(),
        Password: PASSWORD,
        FirstName: 'Grace',
        LastName: 'Hopper',
      });
      const cookie = reply.headers.getSetCookie().find((c) => c.startsWith('session='));
      expect(cookie).toMatch(/^session=[A-Za-z0-9_-]{43};/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const token = visitor.cookie('session') ?? '';
      const stored = await database.handle.db.selectFrom('sessions').select('token_hash').execute();
      expect(stored.map((s) => s.token_hash)).not.toContain(token);
    });

    it('refuses a taken address (whatever its case), a short password and a common one, creating nothing', async () => {
      const email = newEmail();
      await browser().register(email);
      const count = async () =>
        Number(
          (
            await database.handle.db
              .selectFrom('users')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const client = browser();
      const taken = await client.post('/c3api/account/register', {
        Email: email.toUpperCase(),
        Password: PASSWORD,
        FirstName: 'A',
        LastName: 'B',
      });
      expect(taken.status).toBe(400);
      expect(taken.body.Message).toBe(EMAIL_TAKEN_MESSAGE);
      const short = await client.post('/c3api/account/register', {
        Email: newEmail(),
        Password: 'abc1234',
        FirstName: 'A',
        LastName: 'B',
      });
      expect(short.status).toBe(400);
      expect(short.body.Message).toContain(`Password: ${PASSWORD_TOO_SHORT_MESSAGE}`);
      const common = await client.post('/c3api/account/register', {
        Email: newEmail(),
        Password: 'Password123',
        FirstName: 'A',
        LastName: 'B',
      });
      expect(common.status).toBe(400);
      expect(common.body.Message).toContain(PASSWORD_COMMON_MESSAGE);
      const badName = await client.post('/c3api/account/register', {
        Email: 'not-an-address',
        Password: PASSWORD,
        FirstName: 'R2D2',
        LastName: '',
      });
      expect(badName.status).toBe(400);
      expect(badName.body.Message).toContain('Email: Please enter a valid email address');
      expect(badName.body.Message).toContain('FirstName: Please remove any digits');
      expect(badName.body.Message).toContain('LastName: This field is required');
      expect(await count()).toBe(before);
      expect(await whoami(client)).toBe(GUEST_WHOAMI);
    });
  });

  describe('sign-in', () => {
    it('answers an unknown address and a wrong password alike', async () => {
      const email = newEmail();
      await browser().register(email);
      const wrong = await browser().login(email, 'not the password');
      const unknown = await browser().login(newEmail(), 'not the password');
      expect(wrong.status).toBe(400);
      expect(unknown.status).toBe(400);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.Message).toBe(SIGN_IN_FAILED_MESSAGE);
    });

    it('gives a new session id on every sign-in and ends the one it replaces', async () => {
      const email = newEmail();
      const client = browser();
      await client.register(email);
      const first = client.cookie('session');
      const again = await client.login(email.toUpperCase());
      expect(again.status, again.body.Message ?? '').toBe(200);
      const second = client.cookie('session');
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      // The old token names nobody any more.
      const stale = new TestClient(server.baseUrl);
      stale.cookies.set('session', first ?? '');
      expect(await whoami(stale)).toBe(GUEST_WHOAMI);
      expect(await whoami(client)).toMatchObject({ Email: email });
    });

    it('gives a new anti-forgery value on sign-in: the one from before no longer works', async () => {
      const email = newEmail();
      await browser().register(email);
      const client = await browser().visit();
      const before = { visitor: client.cookie('visitor'), xsrf: client.cookie('XSRF-TOKEN') };
      expect((await client.login(email)).status).toBe(200);
      expect(client.cookie('XSRF-TOKEN')).not.toBe(before.xsrf);
      expect(client.cookie('visitor')).not.toBe(before.visitor);
      const replay = await fetch(`${server.baseUrl}/c3api/account/logout`, {
        method: 'POST',
        headers: {
          Cookie: `session=${client.cookie('session')}; visitor=${client.cookie('visitor')}; XSRF-TOKEN=${before.xsrf}`,
          'X-XSRF-TOKEN': decodeURIComponent(before.xsrf ?? ''),
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
      expect(replay.status).toBe(403);
      expect(await whoami(client)).toMatchObject({ Email: email });
    });

    it('throttles an account after 5 failures, with the wait in minutes, until the window passes', async () => {
      const email = newEmail();
      await browser().register(email);
      for (let i = 0; i < 5; i++) expect((await browser().login(email, `wrong ${i}`)).status).toBe(400);
      const locked = await browser().login(email);
      expect(locked.status).toBe(429);
      expect(locked.body.Message).toMatch(/try again in 15 minutes/);
      clock += 10 * 60 * 1000;
      const still = await browser().login(email);
      expect(still.status).toBe(429);
      expect(still.body.Message).toMatch(/try again in 5 minutes/);
      clock += 5 * 60 * 1000 + 1000;
      expect((await browser().login(email)).status).toBe(200);
    });

    it('throttles a client address after 30 failures across accounts', async () => {
      const address = '192.0.2.77';
      const from = () => new TestClient(server.baseUrl, address);
      for (let i = 0; i < 30; i++) expect((await from().login(newEmail(), 'wrong password')).status).toBe(400);
      const email = newEmail();
      await browser().register(email);
      const blocked = await from().login(email);
      expect(blocked.status).toBe(429);
      expect(blocked.body.Message).toMatch(
        /^Too many unsuccessful sign-in attempts\. Please try again in \d+ minutes?/,
      );
      // The same account from another address is not held up by that address's failures.
      expect((await browser().login(email)).status).toBe(200);
    });

    it('rehashes a password made under older argon2 parameters at the next sign-in', async () => {
      const email = newEmail();
      await browser().register(email);
      const weak = await new PasswordHasher({ memoryCost: 8192, timeCost: 1, parallelism: 1 }).hash(PASSWORD);
      await database.handle.db.updateTable('users').set({ password_hash: weak }).where('email', '=', email).execute();
      expect((await browser().login(email)).status).toBe(200);
      const row = await database.handle.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect((await browser().login(email)).status).toBe(200);
    });

    it('never writes a password, a session token or a reset link to the log', async () => {
      const email = newEmail();
      const secret = 'unmistakable-secret-phrase-42';
      const client = browser();
      await client.register(email, secret);
      await client.login(email, `${secret}-wrong`);
      await browser().post('/c3api/account/password/forgot', { Email: email });
      const token = client.cookie('session') ?? 'none';
      const [mail] = await outbox();
      const link = /#token=([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1] ?? 'none';
      const log = logLines.join('\n');
      expect(log.length).toBeGreaterThan(0);
      expect(log).not.toContain(secret);
      expect(log).not.toContain(token);
      expect(log).not.toContain(link);
    });
  });

  describe('session expiry and sign-out', () => {
    it('ends a session unused for 30 days, and keeps one used within them', async () => {
      const used = browser();
      const idle = browser();
      await used.register(newEmail());
      await idle.register(newEmail());
      clock += SESSION_IDLE_MS - DAY;
      expect(await whoami(used)).not.toBe(GUEST_WHOAMI);
      clock += 2 * DAY;
      expect(await whoami(idle)).toBe(GUEST_WHOAMI);
      expect(await whoami(used)).not.toBe(GUEST_WHOAMI);
    });

    it('ends every session 90 days after sign-in, however often it is used', async () => {
      const client = browser();
      await client.register(newEmail());
      for (let day = 20; day < 90; day += 20) {
        clock += 20 * DAY;
        expect(await whoami(client), `day ${day}`).not.toBe(GUEST_WHOAMI);
      }
      clock += SESSION_ABSOLUTE_MS - 80 * DAY;
      expect(await whoami(client)).toBe(GUEST_WHOAMI);
    });

    it('ends the session on the server at sign-out: the old cookie opens nothing', async () => {
      const client = browser();
      await client.register(newEmail());
      const token = client.cookie('session') ?? '';
      const out = await client.post('/c3api/account/logout');
      expect(out.status).toBe(200);
      expect(client.cookie('session')).toBeUndefined();
      const replay = new TestClient(server.baseUrl);
      replay.cookies.set('session', token);
      expect(await whoami(replay)).toBe(GUEST_WHOAMI);
      expect((await replay.get('/c3api/account/profile')).status).toBe(401);
    });
  });

  describe('guest to customer', () => {
    it('joins the guest cart to the customer cart on sign-in, keeps sold items flagged, and follows the customer', async () => {
      const email = newEmail();
      const laptop = browser();
      await laptop.register(email);
      const inBoth = await item();
      const customerOnly = await item();
      await laptop.post(`/c3api/cart/add?productId=${inBoth.id}`);
      await laptop.post(`/c3api/cart/add?productId=${customerOnly.id}`);
      await laptop.post('/c3api/account/logout');
      expect((await laptop.get<Cart>('/c3api/cart/query')).body.Value.itemCount).toBe(0);

      const phone = browser();
      const guestOnly = await item();
      const soldMeanwhile = await item();
      for (const id of [inBoth.id, guestOnly.id, soldMeanwhile.id]) {
        expect((await phone.post(`/c3api/cart/add?productId=${id}`)).status).toBe(200);
      }
      await database.handle.db
        .updateTable('products')
        .set({ status: 'sold' })
        .where('id', '=', soldMeanwhile.id)
        .execute();
      expect((await phone.login(email)).status).toBe(200);
      expect(phone.cookie('cart')).toBeUndefined();
      const cart = (await phone.get<Cart>('/c3api/cart/query?validate=true')).body.Value;
      const ids = cart.stores.flatMap((s) => s.items.map((i) => i.ProductId)).sort();
      expect(ids).toEqual([inBoth.id, customerOnly.id, guestOnly.id, soldMeanwhile.id].sort());
      const sold = cart.stores.flatMap((s) => s.items).find((i) => i.ProductId === soldMeanwhile.id);
      expect(sold?.IsAvailable).toBe(false);
      // The guest cart is gone; the customer's cart is the same on the laptop.
      expect(await database.handle.db.selectFrom('carts').select('id').where('user_id', 'is', null).execute()).toEqual(
        [],
      );
      expect((await laptop.login(email)).status).toBe(200);
      expect((await laptop.get<Cart>('/c3api/cart/query')).body.Value.itemCount).toBe(4);
      // Signing out leaves an empty guest cart behind.
      await phone.post('/c3api/account/logout');
      expect((await phone.get<Cart>('/c3api/cart/query')).body.Value.itemCount).toBe(0);
    });
  });

  describe('one customer never reaches another', () => {
    it("keeps each customer's profile, cart and wishlist their own", async () => {
      const alice = browser();
      const bob = browser();
      await alice.register(newEmail(), PASSWORD, { first: 'Alice', last: 'Smith' });
      await bob.register(newEmail(), PASSWORD, { first: 'Bob', last: 'Jones' });
      const thing = await item();
      await alice.post(`/c3api/cart/add?productId=${thing.id}`);
      const code = (
        await database.handle.db
          .selectFrom('products')
          .select('code')
          .where('id', '=', thing.id)
          .executeTakeFirstOrThrow()
      ).code;
      await alice.post('/c3api/wishlist/add', { ItemCode: code });
      expect((await bob.get<Cart>('/c3api/cart/query')).body.Value.itemCount).toBe(0);
      expect((await bob.get<WishlistSummaryValue>('/c3api/wishlist/query/summary')).body.Value.Data).toEqual([]);
      expect((await bob.get<ProfileValue>('/c3api/account/profile')).body.Value.FirstName).toBe('Bob');
      // Bob's changes touch only Bob's.
      await bob.post(`/c3api/cart/remove?productId=${thing.id}`);
      await bob.post('/c3api/wishlist/clear', {});
      expect((await alice.get<Cart>('/c3api/cart/query')).body.Value.itemCount).toBe(1);
      expect((await alice.get<WishlistSummaryValue>('/c3api/wishlist/query/summary')).body.Value.Data).toEqual([code]);
      // A guest wishlist token cannot name a customer's wishlist.
      const rows = await database.handle.db
        .selectFrom('wishlists')
        .select('token_hash')
        .where('user_id', 'is not', null)
        .execute();
      expect(rows.length).toBeGreaterThan(0);
    });
  });

  describe('passwords', () => {
    it('resets a password once with the e-mailed link, within 30 minutes, ending every session', async () => {
      const email = newEmail();
      const signedIn = browser();
      await signedIn.register(email);
      const asked = await browser().post('/c3api/account/password/forgot', { Email: email.toUpperCase() });
      expect(asked.body.Value).toEqual({ Message: FORGOT_PASSWORD_REPLY });
      const [mail] = await outbox();
      expect(mail?.to_address).toBe(email);
      const link = /(http\S+\/reset-password#token=([A-Za-z0-9_-]{43}))/.exec(mail?.text_body ?? '');
      expect(link).not.toBeNull();
      const token = link?.[2] ?? '';
      const reset = await browser().post('/c3api/account/password/reset', {
        Token: token,
        Password: 'a new long passphrase',
      });
      expect(reset.status, reset.body.Message ?? '').toBe(200);
      expect(await whoami(signedIn)).toBe(GUEST_WHOAMI);
      const reused = await browser().post('/c3api/account/password/reset', {
        Token: token,
        Password: 'another passphrase 2',
      });
      expect(reused.status).toBe(400);
      expect(reused.body.Message).toBe(RESET_LINK_INVALID_MESSAGE);
      expect((await browser().login(email, 'a new long passphrase')).status).toBe(200);
      expect((await browser().login(email, PASSWORD)).status).toBe(400);
    });

    it('refuses an expired link and answers an unknown address the same, sending nothing', async () => {
      const email = newEmail();
      await browser().register(email);
      const before = (await outbox()).length;
      const unknown = await browser().post('/c3api/account/password/forgot', { Email: newEmail() });
      expect(unknown.status).toBe(200);
      expect(unknown.body.Value).toEqual({ Message: FORGOT_PASSWORD_REPLY });
      expect((await outbox()).length).toBe(before);
      await browser().post('/c3api/account/password/forgot', { Email: email });
      const token = /#token=([A-Za-z0-9_-]{43})/.exec((await outbox())[0]?.text_body ?? '')?.[1];
      clock += 31 * 60 * 1000;
      const late = await browser().post('/c3api/account/password/reset', {
        Token: token,
        Password: 'a new long passphrase',
      });
      expect(late.status).toBe(400);
      expect(late.body.Message).toBe(RESET_LINK_INVALID_MESSAGE);
      expect((await browser().login(email)).status).toBe(200);
    });

    it('changes the password with the current one, ends other sessions and renews this one', async () => {
      const email = newEmail();
      const here = browser();
      const elsewhere = browser();
      await here.register(email);
      expect((await elsewhere.login(email)).status).toBe(200);
      const wrong = await here.post('/c3api/account/password', {
        CurrentPassword: 'nope',
        NewPassword: 'brand new phrase',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.Message).toBe(CURRENT_PASSWORD_WRONG_MESSAGE);
      const before = here.cookie('session');
      const changed = await here.post('/c3api/account/password', {
        CurrentPassword: PASSWORD,
        NewPassword: 'brand new phrase',
      });
      expect(changed.status, changed.body.Message ?? '').toBe(200);
      expect(here.cookie('session')).not.toBe(before);
      expect(await whoami(here)).toMatchObject({ Email: email });
      expect(await whoami(elsewhere)).toBe(GUEST_WHOAMI);
      expect((await browser().login(email, 'brand new phrase')).status).toBe(200);
    });
  });

  describe('profile and overview', () => {
    const address = {
      BusinessName: '',
      Line1: '12 Example St',
      Line2: '',
      Suburb: 'Fremantle',
      State: 'WA',
      PostCode: '6160',
    };

    it('saves the details checkout prefills, under the AU rules', async () => {
      const client = browser();
      const email = newEmail();
      await client.register(email);
      const empty = await client.get<ProfileValue>('/c3api/account/profile');
      expect(empty.body.Value).toEqual({
        Email: email,
        FirstName: 'Ada',
        LastName: 'Lovelace',
        PhoneNumber: '',
        BillingAddress: null,
        Consent: false,
      });
      const bad = await client.post('/c3api/account/profile', {
        FirstName: 'Ada',
        LastName: 'Lovelace',
        PhoneNumber: '12345',
        BillingAddress: { ...address, Line1: '', PostCode: '61600', State: '' },
        Consent: false,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.Message).toContain('PhoneNumber: Please enter a valid Australian phone number');
      expect(bad.body.Message).toContain('BillingAddress.Line1: Please enter an address into either Line 1 or Line 2');
      expect(bad.body.Message).toContain('BillingAddress.State: State field is required');
      expect((await client.get<ProfileValue>('/c3api/account/profile')).body.Value.PhoneNumber).toBe('');
      const saved = await client.post<ProfileValue>('/c3api/account/profile', {
        FirstName: 'Augusta',
        LastName: 'King',
        PhoneNumber: '0412 345 678',
        BillingAddress: address,
        Consent: true,
      });
      expect(saved.status, saved.body.Message ?? '').toBe(200);
      expect(saved.body.Value).toEqual({
        Email: email,
        FirstName: 'Augusta',
        LastName: 'King',
        PhoneNumber: '0412 345 678',
        BillingAddress: { ...address, CountryCode: 'AUS', CountryName: 'Australia' },
        // Marketing consent is a UK question; in Australia it stays off.
        Consent: false,
      });
      expect(await whoami(client)).toMatchObject({ FirstName: 'Augusta', LastName: 'King' });
    });

    it('asks a guest to sign in for every account call', async () => {
      const guest = browser();
      for (const path of ['/c3api/account/profile', '/c3api/account/overview']) {
        expect((await guest.get(path)).status).toBe(401);
      }
      expect(
        (await guest.post('/c3api/account/password', { CurrentPassword: 'x', NewPassword: 'yyyyyyyyyy' })).status,
      ).toBe(401);
    });

    it('counts the wishlist on the overview; orders and saved searches start at none', async () => {
      const client = browser();
      await client.register(newEmail());
      const thing = await item();
      const code = (
        await database.handle.db
          .selectFrom('products')
          .select('code')
          .where('id', '=', thing.id)
          .executeTakeFirstOrThrow()
      ).code;
      await client.post('/c3api/wishlist/add', { ItemCode: code });
      const overview = await client.get<AccountOverviewValue>('/c3api/account/overview');
      expect(overview.body.Value).toEqual({
        Orders: { LatestOrder: null, OrderCount: 0 },
        Wishlist: { WishlistsEnabled: true, NumItems: 1 },
        SavedSearches: { SavedSearchesEnabled: true, NumItems: 0 },
      });
    });
  });
});

describe.each(testDatabaseTargets())('accounts in the UK, over HTTPS, on $name', (target) => {
  const { server } = useTestShop(target, { env: { REGION: 'UK', PUBLIC_URL: 'https://shop.example.co.uk' } });

  it('sets a __Host- Secure session cookie and applies the UK profile rules, consent included', async () => {
    const client = new TestClient(server.baseUrl);
    const reply = await client.post<CustomerIdentity>('/c3api/account/register', {
      Email: newEmail(),
      Password: PASSWORD,
      FirstName: 'Mary',
      LastName: 'Shelley',
    });
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    const cookie = reply.headers.getSetCookie().find((c) => c.startsWith('__Host-session='));
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    const bad = await client.post('/c3api/account/profile', {
      FirstName: 'Mary',
      LastName: 'Shelley',
      PhoneNumber: '0412',
      BillingAddress: { Line1: '1 High St', Suburb: 'Manchester', State: 'Greater Manchester', PostCode: '6160' },
      Consent: true,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toContain('PhoneNumber: Please enter a valid phone number (9-12 digits)');
    expect(bad.body.Message).toContain(
      'BillingAddress.PostCode: Please ensure that you have entered your postcode in the correct format e.g. M1 1AE',
    );
    const saved = await client.post<ProfileValue>('/c3api/account/profile', {
      FirstName: 'Mary',
      LastName: 'Shelley',
      PhoneNumber: '07700 900123',
      BillingAddress: { Line1: '1 High St', Suburb: 'Manchester', State: 'Greater Manchester', PostCode: 'm1 1ae' },
      Consent: true,
    });
    expect(saved.status, saved.body.Message ?? '').toBe(200);
    expect(saved.body.Value.Consent).toBe(true);
    expect(saved.body.Value.BillingAddress).toMatchObject({ PostCode: 'M1 1AE', CountryCode: 'GBR' });
  });
});
