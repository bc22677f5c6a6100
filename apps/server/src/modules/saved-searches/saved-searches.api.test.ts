import {
  type AccountOverviewValue,
  EMAIL_MESSAGE,
  EMAIL_TOO_LONG_MESSAGE,
  EmailVerificationError,
  emailVerificationMessage,
  REQUIRED_MESSAGE,
  SAVED_SEARCH_TITLE_TOO_LONG_MESSAGE,
  SAVED_SEARCHES_LIMIT_MESSAGE,
  SAVED_SEARCHES_MAX,
  type SavedSearchListValue,
  type VerificationValue,
} from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { latestCodeFor, mailsTo as outboxTo } from '../../test/outbox.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

let emails = 0;
const newEmail = (tag = 'saver') => `${tag}${++emails}.${Date.now()}@example.com`;
const NO_VERIFICATION = { EmailVerificationError: null, TimeUntilUserCanReattempt: null };

describe.each(testDatabaseTargets())('saved searches on $name', (target) => {
  let clock = Date.now();
  const { database, server } = useTestShop(target, {
    seed: { products: 0, seed: 1 },
    env: { TRUST_PROXY: 'true' },
    server: { now: () => clock },
  });

  const db = () => database.handle.db;
  const customer = async (email = newEmail()) => {
    const client = new TestClient(server.baseUrl);
    await client.register(email);
    return { client, email };
  };
  const codeFor = (address: string) => latestCodeFor(db(), address);
  const mailsTo = async (address: string) => (await outboxTo(db(), address)).length;
  const list = async (client: TestClient) =>
    (await client.get<SavedSearchListValue>('/c3api/savedsearch/list')).body.Value;
  const add = (client: TestClient, body: Record<string, unknown>) =>
    client.post<VerificationValue>('/c3api/savedsearch/add', {
      NotificationFrequency: 1,
      Title: 'Phones',
      SearchUrl: '/search-results?query=phone',
      ...body,
    });
  /** Saves a search for a customer whose address gets verified on the way (code from the outbox). */
  const addVerified = async (client: TestClient, email: string, body: Record<string, unknown> = {}) => {
    const first = await add(client, { Email: email, ...body });
    if (first.body.WasSuccessful) return first;
    const second = await add(client, { Email: email, VerificationCode: await codeFor(email), ...body });
    expect(second.body.WasSuccessful).toBe(true);
    return second;
  };

  it('answers guests 401 on every call', async () => {
    const guest = await new TestClient(server.baseUrl).visit();
    expect((await guest.get('/c3api/savedsearch/list')).status).toBe(401);
    for (const call of ['add', 'edit', 'delete']) {
      const reply = await guest.post(`/c3api/savedsearch/${call}`, {
        NotificationFrequency: 1,
        Title: 'x',
        Name: 'x',
        Email: 'a@example.com',
        Id: 1,
        SearchUrl: 'query=x',
      });
      expect(reply.status, call).toBe(401);
    }
  });

  it('saves only after the address is verified: a code is sent (kind 3), a wrong one is kind 2, the right one saves', async () => {
    const { client, email } = await customer();
    const first = await add(client, { Email: email, Title: '  Vintage phones  ' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      WasSuccessful: false,
      Message: '',
      Value: { EmailVerificationError: EmailVerificationError.EmptyMessage, TimeUntilUserCanReattempt: null },
    });
    expect((await list(client)).totalSearches).toBe(0);
    const code = await codeFor(email);
    const mail = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.html_body).toContain(`<strong>${code}</strong>`);

    const wrong = await add(client, {
      Email: email,
      Title: 'Vintage phones',
      VerificationCode: code === '000000' ? '000001' : '000000',
    });
    expect(wrong.body.WasSuccessful).toBe(false);
    expect(wrong.body.Message).toBe(emailVerificationMessage(EmailVerificationError.CodeDoesNotMatch, null));
    expect(wrong.body.Value).toEqual({ EmailVerificationError: 2, TimeUntilUserCanReattempt: null });
    expect((await list(client)).totalSearches).toBe(0);

    const right = await add(client, { Email: email, Title: '  Vintage phones  ', VerificationCode: code });
    expect(right.body).toEqual({ WasSuccessful: true, Message: null, Value: NO_VERIFICATION });
    const saved = await list(client);
    expect(saved.totalSearches).toBe(1);
    expect(saved.searches[0]).toMatchObject({ Name: 'Vintage phones', Email: email, NotificationFrequency: 1 });

    // The address is verified now: the next save needs no code and sends no mail.
    const before = await mailsTo(email);
    const again = await add(client, { Email: email, Title: 'Lamps', SearchUrl: 'query=lamp' });
    expect(again.body.WasSuccessful).toBe(true);
    expect(await mailsTo(email)).toBe(before);
    expect((await list(client)).totalSearches).toBe(2);
  });

  it('keeps the search as the search page runs it: paging and campaign tags dropped, term and filter count derived', async () => {
    const { client, email } = await customer();
    await addVerified(client, email, {
      Title: 'Apple phones in WA',
      SearchUrl:
        '/search-results?page=3&query=%20iphone%20&location=WA,fremantle&brand=apple&onsale=true&haspictures=false&utm_source=mail&NumberOfResults=24&Sort=price-',
    });
    await addVerified(client, email, { Title: 'Everything', SearchUrl: '' });
    await addVerified(client, email, { Title: 'Bare', SearchUrl: '?category=guitars&query=fender&page=2' });
    const { searches } = await list(client);
    const byName = Object.fromEntries(searches.map((s) => [s.Name, s]));
    const apple = byName['Apple phones in WA'];
    expect(apple?.SearchTerm).toBe('iphone');
    expect(apple?.FiltersNumber).toBe(3);
    const params = new URL(`http://x${apple?.SearchUrl}`);
    expect(params.pathname).toBe('/search-results');
    expect(Object.fromEntries(params.searchParams)).toEqual({
      query: 'iphone',
      Sort: 'price-',
      location: 'WA,fremantle',
      brand: 'apple',
      onsale: 'true',
    });
    expect(byName.Everything).toMatchObject({ SearchUrl: '/search-results', SearchTerm: '', FiltersNumber: 0 });
    expect(byName.Bare).toMatchObject({
      SearchUrl: '/search-results?query=fender&category=guitars',
      SearchTerm: 'fender',
      FiltersNumber: 0,
    });
    const stored = await db().selectFrom('saved_searches').select('search_url').where('name', '=', 'Bare').execute();
    expect(stored.map((s) => s.search_url)).toContain('query=fender&category=guitars');

    for (const bad of ['/cart?query=x', 'brand=Not A Slug', 'Sort=sideways']) {
      const reply = await add(client, { Email: email, SearchUrl: bad });
      expect(reply.status, bad).toBe(400);
      expect(reply.body.Message).toMatch(/SearchUrl/);
    }
  });

  it("refuses a form breaking the rules with the field's message, saving nothing", async () => {
    const { client, email } = await customer();
    const cases: [Record<string, unknown>, string][] = [
      [{ Title: '' }, REQUIRED_MESSAGE],
      [{ Title: '    ' }, REQUIRED_MESSAGE],
      [{ Title: 'x'.repeat(257) }, SAVED_SEARCH_TITLE_TOO_LONG_MESSAGE],
      [{ Email: '' }, REQUIRED_MESSAGE],
      [{ Email: '   ' }, REQUIRED_MESSAGE],
      [{ Email: `${'a'.repeat(60)}@${'c'.repeat(11)}.example.com` }, EMAIL_TOO_LONG_MESSAGE],
      [{ Email: 'not-an-address' }, EMAIL_MESSAGE],
    ];
    for (const [body, message] of cases) {
      const reply = await add(client, { Email: email, ...body });
      expect(reply.status).toBe(200);
      expect(reply.body, JSON.stringify(body)).toEqual({
        WasSuccessful: false,
        Message: message,
        Value: NO_VERIFICATION,
      });
    }
    // A 256-character title and an 83-character address are fine (after trimming).
    const longest = `${'b'.repeat(60)}@${'c'.repeat(10)}.example.com`;
    expect(longest.length).toBe(83);
    expect((await add(client, { Email: ` ${longest} `, Title: ` ${'t'.repeat(256)} ` })).body.Value).toEqual({
      EmailVerificationError: 3,
      TimeUntilUserCanReattempt: null,
    });
    expect(await mailsTo(longest)).toBe(1);
    expect((await list(client)).totalSearches).toBe(0);
    expect((await add(client, { Email: email, NotificationFrequency: 7 })).status).toBe(400);
    expect((await add(client, { Email: email, VerificationCode: '12ab' })).status).toBe(400);
  });

  it('lists newest first with the count, and the overview tile counts them', async () => {
    const { client, email } = await customer();
    expect(await list(client)).toEqual({ searches: [], totalSearches: 0 });
    for (const title of ['First', 'Second', 'Third']) {
      clock += 1000;
      await addVerified(client, email, { Title: title, NotificationFrequency: 0 });
    }
    const value = await list(client);
    expect(value.totalSearches).toBe(3);
    expect(value.searches.map((s) => s.Name)).toEqual(['Third', 'Second', 'First']);
    expect(value.searches.every((s) => s.NotificationFrequency === 0)).toBe(true);
    const overview = await client.get<AccountOverviewValue>('/c3api/account/overview');
    expect(overview.body.Value.SavedSearches).toEqual({ SavedSearchesEnabled: true, NumItems: 3 });
    // The since mark is the moment of saving: the first digest lists only what is new after it.
    const rows = await db().selectFrom('saved_searches').select(['name', 'alert_since', 'created_at']).execute();
    const third = rows.find((r) => r.name === 'Third' && r.created_at === clock);
    expect(third?.alert_since).toBe(clock);
    // Another customer sees none of them.
    const other = await customer();
    expect((await list(other.client)).totalSearches).toBe(0);
  });

  it("edits and deletes only the customer's own searches in this region; anyone else's is the same 404 as a missing one", async () => {
    const owner = await customer();
    await addVerified(owner.client, owner.email, { Title: 'Guitars', NotificationFrequency: 0 });
    const [search] = (await list(owner.client)).searches;
    if (!search) throw new Error('nothing saved');
    const stranger = await customer();
    const edit = (client: TestClient, body: Record<string, unknown>) =>
      client.post<VerificationValue>('/c3api/savedsearch/edit', {
        NotificationFrequency: 2,
        Name: 'Mine now',
        Email: owner.email,
        Id: search.Id,
        ...body,
      });
    const foreignEdit = await edit(stranger.client, {});
    const missingEdit = await edit(owner.client, { Id: 2_000_000_000 });
    expect(foreignEdit.status).toBe(404);
    expect(missingEdit.status).toBe(404);
    expect(foreignEdit.body.Message).toBe(missingEdit.body.Message);
    expect((await edit(owner.client, { Id: 99999999999 })).status).toBe(404);
    expect((await stranger.client.post('/c3api/savedsearch/delete', { Id: search.Id })).status).toBe(404);
    expect((await owner.client.post('/c3api/savedsearch/delete', { Id: 2_000_000_000 })).status).toBe(404);

    // A search of the same customer in the other region is not reachable from this one.
    const userId = (
      await db().selectFrom('users').select('id').where('email', '=', owner.email).executeTakeFirstOrThrow()
    ).id;
    const other = await db()
      .insertInto('saved_searches')
      .values({
        user_id: userId,
        region: 'UK',
        name: 'UK search',
        search_url: 'query=x',
        search_term: 'x',
        filters_number: 0,
        frequency: 1,
        email: owner.email,
        alert_since: clock,
        created_at: clock,
        updated_at: clock,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await list(owner.client)).totalSearches).toBe(1);
    expect((await edit(owner.client, { Id: other.id })).status).toBe(404);

    // The owner's edit: validation first, then a new address needs its code, then it saves.
    expect((await edit(owner.client, { Name: ' ' })).body).toEqual({
      WasSuccessful: false,
      Message: REQUIRED_MESSAGE,
      Value: NO_VERIFICATION,
    });
    const newAddress = newEmail('alerts');
    const needsCode = await edit(owner.client, { Email: newAddress });
    expect(needsCode.body.Value.EmailVerificationError).toBe(3);
    expect((await list(owner.client)).searches[0]?.Email).toBe(owner.email);
    clock += 5000;
    const done = await edit(owner.client, { Email: newAddress, VerificationCode: await codeFor(newAddress) });
    expect(done.body).toEqual({ WasSuccessful: true, Message: null, Value: NO_VERIFICATION });
    expect((await list(owner.client)).searches[0]).toMatchObject({
      Id: search.Id,
      Name: 'Mine now',
      Email: newAddress,
      NotificationFrequency: 2,
      SearchUrl: search.SearchUrl,
    });
    // Alerts switched back on from Never start from now.
    const row = await db()
      .selectFrom('saved_searches')
      .selectAll()
      .where('id', '=', search.Id)
      .executeTakeFirstOrThrow();
    expect(row.alert_since).toBe(clock);

    const deleted = await owner.client.post<VerificationValue>('/c3api/savedsearch/delete', { Id: search.Id });
    expect(deleted.body.WasSuccessful).toBe(true);
    expect((await list(owner.client)).totalSearches).toBe(0);
    expect((await owner.client.post('/c3api/savedsearch/delete', { Id: search.Id })).status).toBe(404);
    const overview = await owner.client.get<AccountOverviewValue>('/c3api/account/overview');
    expect(overview.body.Value.SavedSearches.NumItems).toBe(0);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} searches per customer, with a clear message`, async () => {
    const { client, email } = await customer();
    await addVerified(client, email, { Title: 'The first' });
    const { id: userId } = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: SAVED_SEARCHES_MAX - 1 }, (_, i) => ({
      user_id: userId,
      region: 'AU' as const,
      name: `Search ${i}`,
      search_url: `query=s${i}`,
      search_term: `s${i}`,
      filters_number: 0,
      frequency: 0,
      email,
      alert_since: clock,
      created_at: clock,
      updated_at: clock,
    }));
    await db().insertInto('saved_searches').values(rows).execute();
    const refused = await add(client, { Email: email, Title: 'One too many' });
    expect(refused.body).toEqual({
      WasSuccessful: false,
      Message: SAVED_SEARCHES_LIMIT_MESSAGE,
      Value: NO_VERIFICATION,
    });
    expect((await list(client)).totalSearches).toBe(SAVED_SEARCHES_MAX);
  });
});
