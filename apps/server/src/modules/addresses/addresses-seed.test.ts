import { describe, expect, it } from 'vitest';
import { systemContext } from '../../lib/context.js';
import { seedAddresses } from '../../seed/addresses-seed.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { AddressesService } from './addresses.service.js';

describe.each(testDatabaseTargets())('the demo addresses on $name', (target) => {
  const { database } = useTestShop(target, {
    seed: { products: 0, seed: 7 },
    server: false,
  });

  const snapshot = () =>
    database.handle.db
      .selectFrom('addresses')
      .select(['reference', 'region', 'display_text'])
      .where('source', '=', 'demo')
      .orderBy('reference')
      .execute();

  it("seeds addresses at every store's suburb and postcode, in its region, a few thousand a region", async () => {
    const db = database.handle.db;
    const stores = await db.selectFrom('stores').selectAll().execute();
    expect(stores.length).toBeGreaterThan(100);
    for (const store of stores) {
      const row = await db
        .selectFrom('addresses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('region', '=', store.region)
        .where('postcode', '=', store.postcode)
        .executeTakeFirstOrThrow();
      expect(Number(row.n), `${store.name} ${store.postcode}`).toBeGreaterThanOrEqual(6);
    }
    const perRegion = await db
      .selectFrom('addresses')
      .select(['region', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('region')
      .orderBy('region')
      .execute();
    for (const { n } of perRegion) expect(Number(n)).toBeGreaterThan(2000);
    expect(perRegion.map((r) => r.region)).toEqual(['AU', 'UK']);
  });

  it('uses real suburb and postcode pairs, units, flats and businesses, findable through the service', async () => {
    const service = new AddressesService();
    const au = systemContext(database.handle, 'AU');
    const parramatta = await service.suggest(au, 'parramatta 2150');
    expect(parramatta).toHaveLength(7);
    for (const s of parramatta) expect(s.text).toMatch(/, Parramatta NSW 2150$/);
    const detail = await service.detail(au, parramatta[0]?.reference ?? '');
    expect(detail).toMatchObject({ suburb: 'Parramatta', state: 'NSW', postcode: '2150' });

    const uk = systemContext(database.handle, 'UK');
    const stockport = await service.suggest(uk, 'stockport sk1');
    expect(stockport.length).toBeGreaterThan(0);
    for (const s of stockport) expect(s.text).toMatch(/, Stockport, Greater Manchester SK1 \d[A-Z]{2}$/);

    const texts = (await snapshot()).map((r) => r.display_text);
    expect(texts.some((t) => t.startsWith('Unit '))).toBe(true);
    expect(texts.some((t) => t.startsWith('Flat '))).toBe(true);
    expect(texts.some((t) => / (Pty )?Ltd, /.test(t))).toBe(true);
  });

  it('is deterministic: the same seed gives the same rows, replaced rather than added; another seed differs', async () => {
    const first = await snapshot();
    const stores = await database.handle.db.selectFrom('stores').selectAll().orderBy('id').execute();
    await seedAddresses(database.handle, stores, 7);
    expect(await snapshot()).toEqual(first);
    await seedAddresses(database.handle, stores, 8);
    const other = await snapshot();
    expect(other.map((r) => r.reference)).not.toEqual(first.map((r) => r.reference));
    const tokens = await database.handle.db
      .selectFrom('address_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('address_id', 'not in', (eb) => eb.selectFrom('addresses').select('id'))
      .executeTakeFirstOrThrow();
    expect(Number(tokens.n)).toBe(0);
  });
});
