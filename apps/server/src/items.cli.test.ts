import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAmount, UsageError } from './cli-support.js';
import { runScript } from './test/run-script.js';
import { testDatabaseTargets } from './test/test-database.js';
import { useTestShop } from './test/test-shop.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('amounts on the command line', () => {
  it('reads dollars and cents exactly, and refuses anything else', () => {
    expect(parseAmount('49.95', 'price')).toBe(4995);
    expect(parseAmount('49.9', 'price')).toBe(4990);
    expect(parseAmount('49', 'price')).toBe(4900);
    expect(parseAmount('0.07', 'price')).toBe(7);
    expect(parseAmount('1234567.89', 'price')).toBe(123_456_789);
    for (const bad of [undefined, '', '4.999', '-5', '1e3', '12,50', ' 5', '$5']) {
      expect(() => parseAmount(bad, 'price')).toThrow(UsageError);
    }
  });
});

describe.each(testDatabaseTargets())('npm run item on $name', (target) => {
  let storeId: number;
  const { database } = useTestShop(target, {
    seed: { products: 5, seed: 1 },
    server: false,
  });

  beforeAll(async () => {
    storeId = (
      await database.handle.db.selectFrom('stores').select('id').where('region', '=', 'AU').executeTakeFirstOrThrow()
    ).id;
  });

  /** Runs the CLI on the test database as a shop operator would; resolves with its exit code and output. */
  function item(args: string[]): Promise<{ code: number | null; output: string }> {
    const url = target.name === 'postgres' ? database.url : `sqlite:${database.url}`;
    return runScript('src/items.cli.ts', args, {
      cwd: serverDir,
      env: {
        DATABASE_URL: url,
        DATA_DIR: database.dataDir,
        REGION: 'AU',
        ...(database.schema ? { PGOPTIONS: `-c search_path=${database.schema}` } : {}),
      },
    });
  }

  const row = (code: string) =>
    database.handle.db
      .selectFrom('products')
      .select(['title', 'price_minor', 'status', 'store_id', 'postable', 'price_before_reduction_minor'])
      .where('code', '=', code)
      .executeTakeFirst();

  it('lists an item in a store, then cuts its price; bad commands change nothing', async () => {
    const listed = await item([
      'list',
      '--store',
      String(storeId),
      '--category',
      'guitars',
      '--title',
      'Maton EBG808 acoustic guitar',
      '--price',
      '749.00',
      '--brand',
      'Maton',
      '--pickup-only',
    ]);
    expect(listed.output).toMatch(
      /^SI\d{7}: listed \(AU\); its page is \/product\/si\d{7}\/maton-ebg808-acoustic-guitar/,
    );
    expect(listed.code).toBe(0);
    const code = listed.output.slice(0, 9);
    expect(await row(code)).toEqual({
      title: 'Maton EBG808 acoustic guitar',
      price_minor: 74_900,
      status: 'available',
      store_id: storeId,
      postable: 0,
      price_before_reduction_minor: null,
    });

    const cut = await item(['price', code.toLowerCase(), '699.50']);
    expect(cut).toEqual({ code: 0, output: `${code}: the price is now 699.50.\n` });
    expect(await row(code)).toMatchObject({ price_minor: 69_950, price_before_reduction_minor: 74_900 });

    const products = async () => (await database.handle.db.selectFrom('products').select('id').execute()).length;
    const before = await products();
    const usage = await item([
      'list',
      '--store',
      String(storeId),
      '--category',
      'no-such',
      '--title',
      'x',
      '--price',
      '1',
    ]);
    expect(usage.code).toBe(2);
    expect(usage.output).toContain('--category must be a category slug');
    expect(usage.output).toContain('Usage: npm run item');
    const badPrice = await item(['price', code, '12.345']);
    expect(badPrice.code).toBe(2);
    const unknown = await item(['price', 'SH9999999', '5']);
    expect(unknown).toMatchObject({ code: 1, output: 'No item SH9999999 in AU\n' });
    expect(await products()).toBe(before);
    expect((await row(code))?.price_minor).toBe(69_950);
  });
});
