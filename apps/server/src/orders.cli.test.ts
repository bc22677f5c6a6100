import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveSecretKey } from './config.js';
import { OrderLinks } from './modules/orders/order-links.js';
import { OrderFixtures } from './test/order-fixtures.js';
import { runScript } from './test/run-script.js';
import { TestClient } from './test/test-client.js';
import { testDatabaseTargets } from './test/test-database.js';
import { useTestShop } from './test/test-shop.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe.each(testDatabaseTargets())('npm run order -- revoke-links on $name', (target) => {
  const { database, server } = useTestShop(target, {
    seed: { products: 0, seed: 1 },
    env: { JOBS_IN_PROCESS: 'false' },
  });

  /** Runs the CLI on the test database (and its secret, in the same data directory) as an operator would. */
  function order(args: string[]): Promise<{ code: number | null; output: string }> {
    const url = target.name === 'postgres' ? database.url : `sqlite:${database.url}`;
    return runScript('src/orders.cli.ts', args, {
      cwd: serverDir,
      env: {
        DATABASE_URL: url,
        DATA_DIR: database.dataDir,
        REGION: 'AU',
        PUBLIC_URL: 'https://shop.example',
        ...(database.schema ? { PGOPTIONS: `-c search_path=${database.schema}` } : {}),
      },
    });
  }

  it('ends every link sent so far and prints a fresh one that opens the order; an unknown order is refused', async () => {
    const fixtures = new OrderFixtures(server);
    const store = await fixtures.store();
    const placed = await fixtures.order({ shipments: [{ store, method: 'pickup', items: [{ price: 9_900 }] }] });
    // A link as the shop sent it (its secret is kept in the data directory the CLI shares).
    const secret = resolveSecretKey({ SECRET_KEY: undefined, DATA_DIR: database.dataDir });
    const mailed = new OrderLinks(secret, 'https://shop.example').confirmationUrl(await fixtures.orderRow(placed.id));
    const opens = async (link: string) => {
      const key = new URL(link).searchParams.get('key') ?? '';
      const reply = await new TestClient(server.baseUrl).get(
        `/c3api/checkout/confirmation?reference=${placed.reference}&key=${encodeURIComponent(key)}`,
      );
      return reply.status;
    };
    expect(await opens(mailed)).toBe(200);

    const revoked = await order(['revoke-links', placed.reference.toLowerCase()]);
    expect(revoked.code, revoked.output).toBe(0);
    expect(revoked.output).toContain(`${placed.reference}: links revoked`);
    const fresh = /https:\/\/shop\.example\/checkout\/confirmation\/\S+/.exec(revoked.output)?.[0] ?? '';
    expect(fresh).toContain(`/checkout/confirmation/${placed.reference}?key=`);
    expect(await opens(mailed)).toBe(404);
    expect(await opens(fresh)).toBe(200);
    expect((await fixtures.orderRow(placed.id)).link_version).toBe(1);

    const unknown = await order(['revoke-links', 'ORD-2222-3333-4444']);
    expect([unknown.code, unknown.output.trim()]).toEqual([1, 'No order ORD-2222-3333-4444']);
    const usage = await order(['revoke-links']);
    expect(usage.code).toBe(2);
    expect(usage.output).toContain('revoke-links REF');
    expect((await fixtures.orderRow(placed.id)).link_version).toBe(1);
  });
});
