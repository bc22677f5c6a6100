import path from 'node:path';
import { parseArgs } from 'node:util';
import { runCli, UsageError } from './cli-support.js';
import { backupDatabase } from './db/backup.js';
import { BackupError, loadConfigOrFail } from './db/backup-target.js';

const USAGE = `Usage: npm run backup -- --to FILE
Writes a consistent backup of the shop's database (DATABASE_URL, else DATA_DIR/shop.sqlite) to FILE,
a new file, while the shop runs: SQLite's online backup, or pg_dump's custom format on PostgreSQL.
The secret key (SECRET_KEY) is not in it: keep a copy of it apart. Restore with npm run restore.`;

/** npm run backup -- --to FILE: see USAGE. Any failure is one line of why, and exit code 1. */
async function main(): Promise<void> {
  let values: { to?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({ options: { to: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return console.log(USAGE);
  if (!values.to) throw new UsageError('--to FILE is required');
  // npm runs workspace scripts in apps/server: a path given on the command line is the caller's.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.to);
  try {
    await backupDatabase(loadConfigOrFail(), file, (line) => console.log(line));
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(`Backup failed: ${error.message}`);
    process.exit(1);
  }
}

runCli(USAGE, main);
