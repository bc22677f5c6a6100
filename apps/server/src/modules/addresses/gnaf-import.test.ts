import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../lib/context.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { addressRecord } from './address-record.js';
import { AddressesRepository } from './addresses.repository.js';
import { AddressesService } from './addresses.service.js';
import { findGnafRelease, importGnaf, readPsv } from './gnaf-import.js';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'gnaf');
const NSW_DETAIL = path.join('G-NAF', 'G-NAF FEBRUARY 2025', 'Standard', 'NSW_ADDRESS_DETAIL_psv.psv');

describe('reading a G-NAF release', () => {
  it('finds the Standard folder and its states anywhere under the folder given', () => {
    const release = findGnafRelease(FIXTURE);
    expect(release.release).toBe('G-NAF FEBRUARY 2025');
    expect([...release.states.keys()].sort()).toEqual(['NSW', 'VIC']);
    expect(() => findGnafRelease(path.join(FIXTURE, 'G-NAF', 'G-NAF FEBRUARY 2025', 'Authority Code'))).toThrow(
      /ADDRESS_DETAIL/,
    );
  });

  it('reads pipe-separated rows by header name (CRLF, BOM, no final line break)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'psv-'));
    const file = path.join(dir, 'X_STATE_psv.psv');
    writeFileSync(file, '\uFEFFSTATE_PID|STATE_NAME|STATE_ABBREVIATION\r\n1|NEW SOUTH WALES|NSW\r\n\r\n2|VICTORIA|VIC');
    const rows: string[] = [];
    for await (const get of readPsv(file)) rows.push(`${get('STATE_PID')}:${get('STATE_ABBREVIATION')}:${get('NOPE')}`);
    expect(rows).toEqual(['1:NSW:', '2:VIC:']);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe.each(testDatabaseTargets())('the G-NAF import on $name', (target) => {
  const service = new AddressesService();
  const messages: string[] = [];
  const { database } = useTestShop(target, {
    seed: async (database) => {
      // A demo row, which imports must leave alone.
      await new AddressesRepository().replace(systemContext(database.handle, 'AU'), [
        addressRecord({
          region: 'AU',
          source: 'demo',
          reference: 'SHDEMO000001',
          unitOrLevel: '',
          streetNumber: '1',
          street: 'Demo Street',
          suburb: 'Parramatta',
          state: 'NSW',
          postcode: '2150',
          businessName: '',
          line2: '',
        }),
      ]);
    },
    server: false,
  });

  const gnafRows = () =>
    database.handle.db
      .selectFrom('addresses')
      .select(['reference', 'display_text'])
      .where('source', '=', 'gnaf')
      .orderBy('reference')
      .execute();
  const au = () => systemContext(database.handle, 'AU');

  it('imports both states of the fixture, skipping the retired row, with progress', async () => {
    const result = await importGnaf(database.handle, {
      dir: FIXTURE,
      batchSize: 3,
      onProgress: (m) => messages.push(m),
      now: () => 1_000,
    });
    expect(result).toEqual({
      release: 'G-NAF FEBRUARY 2025',
      states: ['NSW', 'VIC'],
      imported: 10,
      retired: 1,
      unresolved: 0,
      removed: 0,
    });
    expect(messages.some((m) => m.includes('NSW: 6 addresses imported'))).toBe(true);
    const rows = await gnafRows();
    expect(rows.map((r) => r.reference)).not.toContain('GANSW716600004');
    expect(rows.map((r) => r.display_text)).toEqual([
      '12 Smith Street, Parramatta NSW 2150',
      'Unit 3, 12 Smith Street, Parramatta NSW 2150',
      'Parramatta Square, Level 2, 14-16 Smith Street, Parramatta NSW 2150',
      '7A Macquarie Street, Parramatta NSW 2150',
      'Lot 12 McDonald Lane, Chatswood NSW 2067',
      'Chatswood Chase, Shop 4, 345 Pacific Highway, Chatswood NSW 2067',
      '5 Whitehorse Road, Box Hill VIC 3128',
      'Flat 2, 10 Fitzroy Street, St Kilda VIC 3182',
      '1 Station Street North, Box Hill VIC 3128',
      'Shop 4, 20 Acland Street, St Kilda VIC 3182',
    ]);
  });

  it('is looked up like any address: parts, abbreviations, postcode from the locality', async () => {
    const found = await service.suggest(au(), '12 smith st par');
    // 14-16 Smith Street is not number 12: a typed number is a prefix of a word, never of a range.
    expect(found.map((s) => s.reference)).toEqual(['GANSW716600001', 'GANSW716600002']);
    expect(await service.detail(au(), 'GANSW716600002')).toMatchObject({
      unitOrLevel: 'Unit 3',
      streetNumber: '12',
      street: 'Smith Street',
      suburb: 'Parramatta',
      state: 'NSW',
      postcode: '2150',
    });
    expect(await service.detail(au(), 'GANSW716600003')).toMatchObject({
      unitOrLevel: 'Level 2',
      streetNumber: '14-16',
      line2: 'Parramatta Square',
    });
    expect(await service.detail(au(), 'GANSW716600005')).toMatchObject({ streetNumber: '7A', postcode: '2150' });
    expect((await service.suggest(au(), '345 pacific hwy')).map((s) => s.reference)).toEqual(['GANSW716600007']);
    expect((await service.suggest(au(), 'flat 2 st kilda')).map((s) => s.reference)).toEqual(['GAVIC411000002']);
    expect((await service.suggest(au(), 'station st n box')).map((s) => s.reference)).toEqual(['GAVIC411000003']);
    await expect(service.detail(au(), 'GANSW716600004')).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.detail(systemContext(database.handle, 'UK'), 'GANSW716600001')).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('imports again without duplicating anything, and leaves the demo rows alone', async () => {
    const before = await gnafRows();
    const result = await importGnaf(database.handle, { dir: FIXTURE, now: () => 2_000 });
    expect(result).toMatchObject({ imported: 10, retired: 1, removed: 0 });
    expect(await gnafRows()).toEqual(before);
    const tokens = await database.handle.db
      .selectFrom('address_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const single = await database.handle.db
      .selectFrom('address_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('address_id', 'in', (eb) =>
        eb.selectFrom('addresses').select('id').where('reference', '=', 'GANSW716600001'),
      )
      .executeTakeFirstOrThrow();
    expect(Number(single.n)).toBe(6);
    expect(Number(tokens.n)).toBeLessThan(100);
    expect((await service.detail(au(), 'SHDEMO000001')).street).toBe('Demo Street');
  });

  it('a newer release replaces rows in place and removes those it retired, in the states it covers', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gnaf-'));
    cpSync(FIXTURE, dir, { recursive: true });
    const file = path.join(dir, NSW_DETAIL);
    const text = readFileSync(file, 'utf8')
      // 12 Smith Street retired; 7A Macquarie Street renumbered 7B.
      .replace('GANSW716600001|2004-04-29|2021-07-07|', 'GANSW716600001|2004-04-29|2024-07-07|2024-07-07')
      .replace('|7|A|', '|7|B|');
    writeFileSync(file, text);
    const result = await importGnaf(database.handle, { dir, states: ['nsw'], now: () => 3_000 });
    rmSync(dir, { recursive: true, force: true });
    expect(result).toMatchObject({ states: ['NSW'], imported: 5, retired: 2, removed: 1 });
    const refs = (await gnafRows()).map((r) => r.reference);
    expect(refs).not.toContain('GANSW716600001');
    expect(refs).toHaveLength(9);
    expect(await service.detail(au(), 'GANSW716600005')).toMatchObject({ streetNumber: '7B' });
    expect((await service.suggest(au(), '7a macquarie')).length).toBe(0);
    expect((await service.suggest(au(), '5 whitehorse rd')).map((s) => s.reference)).toEqual(['GAVIC411000001']);
  });
});
