import type { PasskeysValue } from '@shop/contract';
import { type CustomerIdentity, GUEST_WHOAMI, type PasskeyOptionsValue, type WhoamiValue } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../test/soft-authenticator.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import {
  CEREMONY_EXPIRED_MESSAGE,
  CEREMONY_MS,
  PASSKEY_DUPLICATE_MESSAGE,
  PASSKEY_FAILED_MESSAGE,
  PASSKEY_NOT_VERIFIED_MESSAGE,
} from './passkeys.service.js';

const ORIGIN = 'https://shop.example.com.au';
let emails = 0;
const newEmail = () => `passkey${++emails}.${Date.now()}@example.com`;

describe.each(testDatabaseTargets())('passkeys on $name', (target) => {
  let clock = Date.now();
  // The relying party is PUBLIC_URL's host; the soft authenticator signs for that origin.
  const { server } = useTestShop(target, {
    env: { PUBLIC_URL: ORIGIN, TRUST_PROXY: 'true' },
    server: { now: () => clock },
  });

  const browser = () => new TestClient(server.baseUrl);
  const whoami = async (client: TestClient) => (await client.get<WhoamiValue>('/c3api/whoami')).body.Value;

  async function addPasskey(client: TestClient, authenticator: SoftAuthenticator, name?: string) {
    const start = await client.post<PasskeyOptionsValue>('/c3api/account/passkeys/options');
    expect(start.status, start.body.Message ?? '').toBe(200);
    const Response = authenticator.create(start.body.Value.Options);
    return client.post<PasskeysValue>('/c3api/account/passkeys/add', {
      ChallengeId: start.body.Value.ChallengeId,
      ...(name ? { Name: name } : {}),
      Response,
    });
  }

  async function signInWith(client: TestClient, authenticator: SoftAuthenticator, credentialId?: string) {
    const start = await client.post<PasskeyOptionsValue>('/c3api/account/passkey-login/options');
    expect(start.status).toBe(200);
    return client.post<CustomerIdentity>('/c3api/account/passkey-login', {
      ChallengeId: start.body.Value.ChallengeId,
      Response: authenticator.get(start.body.Value.Options, credentialId),
    });
  }

  it('adds a passkey for the shop host, lists it, and signs in with it on a new session', async () => {
    const email = newEmail();
    const client = browser();
    await client.register(email);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const start = await client.post<PasskeyOptionsValue>('/c3api/account/passkeys/options');
    expect(start.body.Value.Options).toMatchObject({
      rp: { id: 'shop.example.com.au', name: 'Secondhand' },
      user: { name: email },
      authenticatorSelection: { residentKey: 'required' },
    });
    const added = await addPasskey(client, authenticator, 'My phone');
    expect(added.status, added.body.Message ?? '').toBe(200);
    expect(added.body.Value.Passkeys).toEqual([
      { Id: expect.any(Number), Name: 'My phone', CreatedAt: expect.any(String), LastUsedAt: null, BackedUp: false },
    ]);

    const elsewhere = browser();
    const signedIn = await signInWith(elsewhere, authenticator);
    expect(signedIn.status, signedIn.body.Message ?? '').toBe(200);
    expect(signedIn.body.Value).toMatchObject({ Email: email, IsGuestUser: false });
    expect(await whoami(elsewhere)).toMatchObject({ Email: email });
    expect(elsewhere.cookie('session')).not.toBe(client.cookie('session'));
    const listed = await elsewhere.get<PasskeysValue>('/c3api/account/passkeys');
    expect(listed.body.Value.Passkeys[0]?.LastUsedAt).not.toBeNull();
  });

  it('uses each ceremony once, within five minutes, and only for what it was started for', async () => {
    const client = browser();
    await client.register(newEmail());
    const authenticator = new SoftAuthenticator(ORIGIN);
    const start = await client.post<PasskeyOptionsValue>('/c3api/account/passkeys/options');
    const Response = authenticator.create(start.body.Value.Options);
    const body = { ChallengeId: start.body.Value.ChallengeId, Response };
    expect((await client.post('/c3api/account/passkeys/add', body)).status).toBe(200);
    const replay = await client.post('/c3api/account/passkeys/add', body);
    expect(replay.status).toBe(400);
    expect(replay.body.Message).toBe(CEREMONY_EXPIRED_MESSAGE);

    const late = await client.post<PasskeyOptionsValue>('/c3api/account/passkey-login/options');
    clock += CEREMONY_MS + 1000;
    const tooLate = await browser().post('/c3api/account/passkey-login', {
      ChallengeId: late.body.Value.ChallengeId,
      Response: authenticator.get(late.body.Value.Options),
    });
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.Message).toBe(CEREMONY_EXPIRED_MESSAGE);

    // A sign-in ceremony cannot finish a registration.
    const login = await client.post<PasskeyOptionsValue>('/c3api/account/passkey-login/options');
    const crossed = await client.post('/c3api/account/passkeys/add', {
      ChallengeId: login.body.Value.ChallengeId,
      Response: new SoftAuthenticator(ORIGIN).create({
        ...start.body.Value.Options,
        challenge: login.body.Value.Options.challenge,
      }),
    });
    expect(crossed.status).toBe(400);
  });

  it('refuses an assertion for another origin, an unknown credential and a replayed counter', async () => {
    const client = browser();
    await client.register(newEmail());
    const authenticator = new SoftAuthenticator(ORIGIN);
    const added = await addPasskey(client, authenticator);
    expect(added.status).toBe(200);

    const phishing = new SoftAuthenticator('https://shop.example.com.au.evil.example');
    const start = await client.post<PasskeyOptionsValue>('/c3api/account/passkeys/options');
    const foreign = await client.post('/c3api/account/passkeys/add', {
      ChallengeId: start.body.Value.ChallengeId,
      Response: phishing.create(start.body.Value.Options),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.Message).toBe(PASSKEY_NOT_VERIFIED_MESSAGE);

    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create({ rp: { id: 'shop.example.com.au' }, user: { id: 'x' }, challenge: 'x' });
    const unknown = await signInWith(browser(), stranger);
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toBe(PASSKEY_FAILED_MESSAGE);

    const first = await signInWith(browser(), authenticator);
    expect(first.status).toBe(200);
    authenticator.rewind(authenticator.ids()[0] ?? '', 0);
    const cloned = browser();
    const replayed = await signInWith(cloned, authenticator);
    expect(replayed.status).toBe(400);
    expect(await whoami(cloned)).toBe(GUEST_WHOAMI);
  });

  it('refuses the same passkey twice, and removes only the customer’s own (404 for another’s)', async () => {
    const alice = browser();
    const bob = browser();
    await alice.register(newEmail());
    await bob.register(newEmail());
    const authenticator = new SoftAuthenticator(ORIGIN);
    const added = await addPasskey(alice, authenticator);
    const id = added.body.Value.Passkeys[0]?.Id ?? 0;
    // The same credential again, for another account: refused, and still Alice's.
    const start = await bob.post<PasskeyOptionsValue>('/c3api/account/passkeys/options');
    const credentialId = authenticator.ids()[0] ?? '';
    const duplicate = await bob.post('/c3api/account/passkeys/add', {
      ChallengeId: start.body.Value.ChallengeId,
      Response: authenticator.create(start.body.Value.Options, credentialId),
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.Message).toBe(PASSKEY_DUPLICATE_MESSAGE);

    const bobRemoves = await bob.post('/c3api/account/passkeys/remove', { Id: id });
    expect(bobRemoves.status).toBe(404);
    expect((await alice.get<PasskeysValue>('/c3api/account/passkeys')).body.Value.Passkeys).toHaveLength(1);
    const removed = await alice.post<PasskeysValue>('/c3api/account/passkeys/remove', { Id: id });
    expect(removed.body.Value.Passkeys).toEqual([]);
    const signIn = await signInWith(browser(), authenticator, credentialId);
    expect(signIn.status).toBe(400);
  });

  it('asks a guest to sign in before managing passkeys', async () => {
    const guest = browser();
    expect((await guest.get('/c3api/account/passkeys')).status).toBe(401);
    expect((await guest.post('/c3api/account/passkeys/options')).status).toBe(401);
  });
});
