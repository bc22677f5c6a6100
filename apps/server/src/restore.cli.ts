import path from 'node:path';
import { parseArgs } from 'node:util';
import { runCli, UsageError } from './cli-support.js';
import { restoreDatabase } from './db/backup.js';
import { BackupError, loadConfigOrFail } from './db/backup-target.js';

const USAGE = `Usage: npm run restore -- --from FILE
Restores a backup made by npm run backup into the shop's database (DATABASE_URL, else
DATA_DIR/shop.sqlite), which must be empty: a new SQLite file, or a new PostgreSQL database.
Run it before the shop starts on that database; then start the shop with its old SECRET_KEY.`;

/** npm run restore -- --from FILE: see USAGE. Any failure (or refusal) is one line of why, and exit code 1. */
async function main(): Promise<void> {
  let values: { from?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({ options: { from: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return console.log(USAGE);
  if (!values.from) throw new UsageError('--from FILE is required');
  // npm runs workspace scripts in apps/server: a path given on the command line is the caller's.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.from);
  try {
    await restoreDatabase(loadConfigOrFail(), file, (line) => console.log(line));
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(`Restore failed: ${error.message}`);
    process.exit(1);
  }
}

runCli(USAGE, main);
