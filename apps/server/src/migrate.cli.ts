import { parseArgs } from 'node:util';
import { runCli, UsageError } from './cli-support.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest, pendingMigrations } from './db/migrate.js';

const USAGE = `Usage: npm run migrate [-- --check]
  (no option)  runs every migration the database has not run yet, and says which
  --check      runs nothing: lists the migrations still to run and exits 1 if there are any
Runs on DATABASE_URL (or the SQLite file in DATA_DIR) like the server. Deployments that start their
servers and workers with MIGRATE_ON_START=false run this first, once per release.`;

/**
 * `npm run migrate` (dist/migrate.js in a deployment): brings the schema up to date before any
 * server or worker of a new release starts. Safe to run twice, or beside a starting server: the
 * migrator takes its lock and the second finds nothing to do.
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      check: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
  const config = loadConfig();
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    if (values.check) {
      const pending = await pendingMigrations(database);
      if (pending.length === 0) {
        console.log(`${database.describe} is up to date: no migration to run.`);
        return;
      }
      console.log(`${database.describe} needs ${pending.length} migration(s): ${pending.join(', ')}`);
      process.exitCode = 1;
      return;
    }
    const ran = await migrateToLatest(database);
    console.log(
      ran.length === 0
        ? `${database.describe} is up to date: no migration to run.`
        : `Migrated ${database.describe}: ${ran.length} migration(s) ran: ${ran.join(', ')}`,
    );
  } finally {
    await database.close();
  }
}

runCli(USAGE, main);
