import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { systemContext } from './lib/context.js';
import { JobsService } from './modules/jobs/jobs.service.js';
import { testDatabaseTargets } from './test/test-database.js';
import { useTestShop } from './test/test-shop.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe.each(testDatabaseTargets())('npm run worker on $name', (target) => {
  const { database } = useTestShop(target, {
    seed: { products: 5, seed: 1 },
    server: false,
  });

  it('runs the queued jobs alone, without HTTP, and stops cleanly on SIGTERM', async () => {
    const product = await database.handle.db
      .selectFrom('products')
      .select(['id', 'popularity'])
      .executeTakeFirstOrThrow();
    const ctx = systemContext(database.handle, 'AU');
    const { id } = await new JobsService().enqueue(ctx, { type: 'catalogue.add-views', payload: [[product.id, 4]] });
    const url = target.name === 'postgres' ? database.url : `sqlite:${database.url}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: url,
        DATA_DIR: database.dataDir,
        ...(database.schema ? { PGOPTIONS: `-c search_path=${database.schema}` } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    try {
      await expect
        .poll(
          async () =>
            (await database.handle.db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirst())
              ?.status,
          { timeout: 20_000, interval: 100 },
        )
        .toBe('done');
      const after = await database.handle.db
        .selectFrom('products')
        .select('popularity')
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect(Number(after.popularity)).toBe(Number(product.popularity) + 4);
      expect(output).toContain('Jobs worker');
    } finally {
      const exited = new Promise<string>((resolve) => child.on('exit', (code, signal) => resolve(`${code} ${signal}`)));
      // Still running (it waits for work), until told to stop.
      expect(child.exitCode).toBeNull();
      child.kill('SIGTERM');
      expect(await exited, output).toBe('0 null');
    }
  }, 40_000);
});
