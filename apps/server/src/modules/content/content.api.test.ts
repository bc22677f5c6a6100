import { describe, expect, it } from 'vitest';
import { seedSiteContent } from '../../seed/seed.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import type { TestServer } from '../../test/test-server.js';
import { useTestShop } from '../../test/test-shop.js';
import { ContentRepository } from './content.repository.js';

describe.each(testDatabaseTargets())('footer warning about borrowing on $name', (target) => {
  const shop = useTestShop(target);
  const { database, server: au } = shop;
  const uk = shop.alsoServe({ REGION: 'UK' });

  const notice = (server: TestServer) => server.get<{ Html: string }>('/c3api/footer/warningaboutborrowing');

  it('is a 404 until a notice is stored', async () => {
    const { status, body } = await notice(au);
    expect(status).toBe(404);
    expect(body.WasSuccessful).toBe(false);
  });

  it('speaks each region’s regulatory language', async () => {
    await seedSiteContent(database.handle);
    const australian = await notice(au);
    expect(australian.status).toBe(200);
    expect(australian.body.Value.Html).toContain('Moneysmart');
    expect(australian.body.Value.Html).toContain('ASIC');
    expect(australian.body.Value.Html).not.toContain('FCA');
    const british = await notice(uk);
    expect(british.body.Value.Html).toContain('Financial Conduct Authority (FCA)');
    expect(british.body.Value.Html).toContain('MoneyHelper');
    expect(british.body.Value.Html).not.toContain('Moneysmart');
  });

  it('is sanitised on the way out', async () => {
    const repository = new ContentRepository();
    await repository.replaceNotices(database.handle, [
      {
        region: 'AU',
        key: 'warningaboutborrowing',
        html: '<p>Borrow wisely<script>alert(1)</script><img src=x onerror=alert(2)></p><ul><li><a href="https://moneysmart.gov.au" onclick="x()">Moneysmart</a></li></ul>',
      },
    ]);
    try {
      const { body } = await notice(au);
      expect(body.Value.Html).toBe(
        '<p>Borrow wisely</p><ul><li><a href="https://moneysmart.gov.au">Moneysmart</a></li></ul>',
      );
    } finally {
      await seedSiteContent(database.handle);
    }
  });
});
