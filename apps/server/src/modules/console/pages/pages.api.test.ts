import type { AdminPage, AdminPageListValue, HelpPageValue } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensurePolicyPages } from '../../../seed/seed.js';
import { staffAccount } from '../../../test/console-fixtures.js';
import { makeStore } from '../../../test/factories.js';
import type { TestClient } from '../../../test/test-client.js';
import { testDatabaseTargets } from '../../../test/test-database.js';
import type { TestServer } from '../../../test/test-server.js';
import { useTestShop } from '../../../test/test-shop.js';

const PAGES = '/c3api/console/admin/pages';
/** The pages a shop must have: the footer, checkout's terms and the cookie banner link to these. */
const POLICY_SLUGS = ['terms-and-conditions', 'privacy-policy', 'cookies', 'returns', 'warranty', 'contact-us'];

/** Words each region's policies must use (its own law), and words of the other region's they must not. */
const REGION_WORDS = {
  AU: {
    'terms-and-conditions': ['Australian Consumer Law', 'GST'],
    'privacy-policy': ['Privacy Act 1988', 'Australian Privacy Principles', 'OAIC', 'privacy@secondhandstores.com.au'],
    cookies: ['cookie-consent', 'XSRF-TOKEN'],
    returns: ['30 days', 'major failure'],
    warranty: ['Australian Consumer Law'],
    'contact-us': ['help@secondhandstores.com.au'],
  },
  UK: {
    'terms-and-conditions': ['Consumer Rights Act 2015', 'Consumer Contracts'],
    'privacy-policy': ['UK GDPR', 'ICO', 'privacy@secondhandstores.co.uk'],
    cookies: ['Privacy and Electronic Communications Regulations', 'cookie-consent'],
    returns: ['14 days', 'Consumer Rights Act 2015'],
    warranty: ['Consumer Rights Act 2015'],
    'contact-us': ['help@secondhandstores.co.uk'],
  },
} as const;

/** Words of the other region's law or addresses, which a region's pages must not use. */
const FOREIGN = {
  AU: ['Consumer Rights Act', 'UK GDPR', '.co.uk', 'VAT'],
  UK: ['Australian', '.com.au', 'GST'],
} as const;

describe.each(testDatabaseTargets())("the shop's policy pages on $name", (target) => {
  const shop = useTestShop(target, { seed: { products: 0, seed: 1 } });
  const { database, server: au } = shop;
  const uk = shop.alsoServe({ REGION: 'UK' });
  let admin: TestClient;
  let ukAdmin: TestClient;

  const page = (server: TestServer, slug: string) =>
    server.get<HelpPageValue>(`/c3api/content/helppage?slug=${encodeURIComponent(slug)}`);
  const auditLines = () =>
    database.handle.db
      .selectFrom('console_audit')
      .selectAll()
      .where('action', '=', 'page.edit')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    admin = (await staffAccount(au, 'marketplace_admin', [])).client;
    ukAdmin = (await staffAccount(uk, 'marketplace_admin', [])).client;
  });

  it.each(['AU', 'UK'] as const)('are all there in %s, each in its own law (200, not 404)', async (region) => {
    const server = region === 'AU' ? au : uk;
    for (const slug of POLICY_SLUGS) {
      const reply = await page(server, slug);
      expect(reply.status, slug).toBe(200);
      const text = `${reply.body.Value.Description} ${reply.body.Value.BodyHtml}`;
      for (const words of REGION_WORDS[region][slug as keyof (typeof REGION_WORDS)['AU']]) {
        expect(text, `${region} ${slug}`).toContain(words);
      }
      for (const words of FOREIGN[region]) expect(text, `${region} ${slug}`).not.toContain(words);
    }
    expect((await page(server, 'terms-and-conditions')).body.Value.Title).toBe('Terms and Conditions');
    expect((await page(server, 'privacy-policy')).body.Value.Title).toBe('Privacy Policy');
    expect((await page(server, 'cookies')).body.Value.Title).toBe('About cookies');
  });

  it('lists every help page of the region for the admin, the policies first', async () => {
    const reply = await admin.get<AdminPageListValue>(PAGES);
    expect(reply.status).toBe(200);
    const slugs = reply.body.Value.Pages.map((p) => p.Slug);
    expect(slugs.slice(0, POLICY_SLUGS.length)).toEqual(POLICY_SLUGS);
    expect(slugs).toContain('click-and-collect');
    const returns = reply.body.Value.Pages.find((p) => p.Slug === 'returns');
    expect(returns).toMatchObject({ Title: 'Returns and refunds', Url: '/help/returns' });
    expect(returns?.Description).toContain('30 days');
    const ukReturns = (await ukAdmin.get<AdminPage>(`${PAGES}/returns`)).body.Value;
    expect(ukReturns.Description).toContain('14 days');
  });

  it("changes a page for shoppers at once, sanitised, audited once, in the admin's region only", async () => {
    const before = (await page(uk, 'terms-and-conditions')).body.Value;
    const body = {
      Title: 'Terms of sale',
      Description: 'The new terms.',
      BodyHtml:
        '<p onclick="x()">Read <strong>these</strong><script>alert(1)</script> <a href="javascript:x()">now</a></p>',
    };
    const saved = await admin.post<AdminPage>(`${PAGES}/terms-and-conditions`, body);
    expect(saved.status).toBe(200);
    expect(saved.body.Value).toEqual({
      Slug: 'terms-and-conditions',
      Title: 'Terms of sale',
      Description: 'The new terms.',
      BodyHtml: '<p>Read <strong>these</strong> <a>now</a></p>',
      Url: '/help/terms-and-conditions',
    });
    expect((await page(au, 'terms-and-conditions')).body.Value).toEqual({
      Slug: 'terms-and-conditions',
      Title: 'Terms of sale',
      Description: 'The new terms.',
      BodyHtml: '<p>Read <strong>these</strong> <a>now</a></p>',
    });
    // The UK's terms are the UK admin's: untouched.
    expect((await page(uk, 'terms-and-conditions')).body.Value).toEqual(before);
    const lines = await auditLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ store_id: null, action: 'page.edit' });
    expect(JSON.parse(lines[0]?.detail ?? '{}')).toEqual({
      slug: 'terms-and-conditions',
      changed: ['title', 'description', 'bodyHtml'],
    });
    // The same words again change nothing and record nothing.
    expect((await admin.post(`${PAGES}/terms-and-conditions`, body)).status).toBe(200);
    expect(await auditLines()).toHaveLength(1);
  });

  it('refuses bad input with the field named, and a page the region does not have with 404', async () => {
    const bad = await admin.post(`${PAGES}/privacy-policy`, { Title: ' ', Description: 'x', BodyHtml: '<p>x</p>' });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toContain('Title');
    expect((await page(au, 'privacy-policy')).body.Value.Title).toBe('Privacy Policy');
    const valid = { Title: 'T', Description: 'D', BodyHtml: '<p>B</p>' };
    expect((await admin.post(`${PAGES}/no-such-page`, valid)).status).toBe(404);
    expect((await admin.get(`${PAGES}/no-such-page`)).status).toBe(404);
    // A store page is no help page: the admin changes it with the store.
    const storePage = await database.handle.db
      .selectFrom('content_pages')
      .select('slug')
      .where('content_type', '=', 'StorePage')
      .where('region', '=', 'AU')
      .executeTakeFirstOrThrow();
    expect((await admin.post(`${PAGES}/${storePage.slug}`, valid)).status).toBe(404);
    expect((await admin.get(`${PAGES}/..%2Fetc`)).status).toBe(400);
  });

  it("are added on start where a region lacks one, and an admin's words stay", async () => {
    await database.handle.db
      .deleteFrom('content_pages')
      .where('region', '=', 'UK')
      .where('slug', '=', 'privacy-policy')
      .execute();
    await database.handle.db
      .updateTable('content_pages')
      .set({ description: 'Our own cookie words.' })
      .where('region', '=', 'UK')
      .where('slug', '=', 'cookies')
      .execute();
    expect(await ensurePolicyPages(database.handle)).toBe(1);
    expect(await ensurePolicyPages(database.handle)).toBe(0);
    const rows = await database.handle.db
      .selectFrom('content_pages')
      .select(['slug', 'description'])
      .where('region', '=', 'UK')
      .where('slug', 'in', ['privacy-policy', 'cookies'])
      .orderBy('slug')
      .execute();
    expect(rows.map((r) => r.slug)).toEqual(['cookies', 'privacy-policy']);
    expect(rows[0]?.description).toBe('Our own cookie words.');
    expect(rows[1]?.description).toContain('UK GDPR');
  });

  it('answers admins only: a guest 401, a customer and store staff 403, and changes nothing', async () => {
    const store = await makeStore(database.handle.db, { name: 'Orange' });
    const guest = await shop.client().visit();
    const customer = shop.client();
    await customer.register(`policy.customer.${Date.now()}@example.com`);
    const staff = (await staffAccount(au, 'store_staff', [store.id])).client;
    const before = (await page(au, 'cookies')).body.Value;
    for (const [client, status] of [
      [guest, 401],
      [customer, 403],
      [staff, 403],
    ] as const) {
      expect((await client.get(PAGES)).status).toBe(status);
      expect((await client.get(`${PAGES}/cookies`)).status).toBe(status);
      const post = await client.post(`${PAGES}/cookies`, { Title: 'Hacked', Description: 'x', BodyHtml: '<p>x</p>' });
      expect(post.status).toBe(status);
    }
    expect((await page(au, 'cookies')).body.Value).toEqual(before);
  });
});
