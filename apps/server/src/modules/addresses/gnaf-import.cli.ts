import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { isPostgresUrl, openDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { GNAF_ATTRIBUTION, importGnaf } from './gnaf-import.js';

const USAGE = 'npm run import:addresses -- --gnaf DIR [--states NSW,VIC] [--batch 5000] [--database URL]';

/**
 * npm run import:addresses -- --gnaf DIR: loads an unzipped G-NAF release (data.gov.au, "G-NAF",
 * the PSV download) into the addresses table of the configured database (or --database). Safe to
 * run again: rows are replaced by their ADDRESS_DETAIL_PID. Australian servers (REGION=AU) then
 * suggest these addresses at checkout.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      gnaf: { type: 'string' },
      states: { type: 'string' },
      batch: { type: 'string', default: '5000' },
      database: { type: 'string' },
    },
  });
  if (!values.gnaf) throw new Error(`--gnaf DIR is required.\nUsage: ${USAGE}`);
  const batchSize = Number(values.batch);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error('--batch must be a whole number above 0');
  const states = values.states
    ?.split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  // npm runs workspace scripts in apps/server: paths given on the command line are the caller's.
  const callerDir = process.env.INIT_CWD ?? process.cwd();
  const dir = path.resolve(callerDir, values.gnaf);
  const database =
    values.database && !isPostgresUrl(values.database)
      ? `sqlite:${path.resolve(callerDir, values.database.replace(/^(sqlite:|file:)/, ''))}`
      : values.database;
  const config = loadConfig();
  const handle = openDatabase({ url: database ?? config.DATABASE_URL, dataDir: config.DATA_DIR });
  const started = Date.now();
  console.log(GNAF_ATTRIBUTION);
  try {
    await migrateToLatest(handle);
    console.log(`Importing G-NAF from ${dir} into ${handle.describe}`);
    const result = await importGnaf(handle, {
      dir,
      batchSize,
      ...(states && states.length > 0 ? { states } : {}),
      onProgress: (message) => console.log(message),
    });
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.imported.toLocaleString('en')} addresses ` +
        `(${result.states.join(', ')}); skipped ${result.retired.toLocaleString('en')} retired and ` +
        `${result.unresolved.toLocaleString('en')} without a known street or locality; removed ${result.removed.toLocaleString('en')}.`,
    );
    console.log(GNAF_ATTRIBUTION);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
