import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoCustomer } from './orders-seed.js';
import { seedCatalogue } from './seed.js';

/**
 * npm run seed -- --products N [--seed S] [--database URL] [--extra-sales N]: replaces the catalogue
 * with a demo one, with its sales history over the last 180 days (`--extra-sales`: that many more).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '5000' },
      seed: { type: 'string', default: '1' },
      database: { type: 'string' },
      'extra-sales': { type: 'string', default: '0' },
    },
  });
  const products = Number(values.products);
  const seed = Number(values.seed);
  if (!Number.isInteger(products) || products < 0) throw new Error('--products must be a whole number');
  if (!Number.isInteger(seed)) throw new Error('--seed must be a whole number');
  const extraSales = Number(values['extra-sales']);
  if (!Number.isInteger(extraSales) || extraSales < 0) throw new Error('--extra-sales must be a whole number');
  const config = loadConfig();
  const handle = openDatabase({ url: values.database ?? config.DATABASE_URL, dataDir: config.DATA_DIR });
  const started = Date.now();
  try {
    await migrateToLatest(handle);
    console.log(`Seeding ${products.toLocaleString('en')} products (seed ${seed}) into ${handle.describe}`);
    let lastPrinted = 0;
    await seedCatalogue(handle, {
      products,
      seed,
      soldHistory: { now: Date.now(), extra: extraSales },
      onProgress: (done, total) => {
        const now = Date.now();
        if (done === total || now - lastPrinted > 1000) {
          lastPrinted = now;
          const pct = total === 0 ? 100 : Math.round((done / total) * 100);
          console.log(`  products ${done.toLocaleString('en')} / ${total.toLocaleString('en')} (${pct}%)`);
        }
      },
    });
    // The demo customer (demo@example.com) with a few past orders, unless it has some already.
    await seedDemoCustomer(handle);
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
