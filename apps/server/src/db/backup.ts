import {
  closeSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { Config } from '../config.js';
import { backupPostgres, restorePostgres } from './backup-postgres.js';
import { BackupError, backupTarget, formatBytes, fsyncPath, type Log } from './backup-target.js';

/**
 * Backing up the shop's database while it runs, and restoring a backup into an empty database
 * (npm run backup / npm run restore). Everything of the shop that matters lives in the database,
 * uploaded pictures included; outside it, DATA_DIR holds only what the server rebuilds (the search
 * index snapshot, the drawn demo pictures) and the secret key, which is deliberately not put in a
 * backup (see secretKeyNote). Like migrate.ts, this is database plumbing: it reads the catalogues
 * (sqlite_master, information_schema) directly rather than through a repository.
 */

/**
 * What the operator must keep apart from the backups: the server's secret key signs anti-forgery
 * values, order links, unsubscribe links and e-mail codes. A backup file travels (off-site
 * copies, a laptop): a key inside it would let its holder forge those, so it is never put there.
 */
export function secretKeyNote(config: Pick<Config, 'SECRET_KEY' | 'DATA_DIR'>, when: 'backup' | 'restore'): string {
  const keyFile = path.resolve(config.DATA_DIR, 'secret-key');
  const where = config.SECRET_KEY
    ? 'This shop reads it from the SECRET_KEY setting.'
    : existsSync(keyFile)
      ? `This shop keeps it in ${keyFile} (SECRET_KEY is not set).`
      : when === 'backup'
        ? `SECRET_KEY is not set here and there is no ${keyFile}: keep the SECRET_KEY the shop runs with.`
        : `SECRET_KEY is not set and there is no ${keyFile}: the shop would make a new key when it starts.`;
  const lead =
    when === 'backup'
      ? 'Not in the backup: the secret key (SECRET_KEY). Keep a copy of it apart from the backups, in your secrets store.'
      : 'Before starting the shop: give it the secret key it had (the SECRET_KEY setting, or its DATA_DIR/secret-key file).';
  return [
    lead,
    where,
    'With another key the shop works, but links in e-mails already sent (order links, unsubscribe links) and',
    'e-mail codes not yet used stop working, and forms open in browsers are refused once.',
  ].join('\n  ');
}

const SQLITE_MAGIC = 'SQLite format 3\0';
const POSTGRES_MAGIC = 'PGDMP';

/** What a backup file holds, from its first bytes. */
export function backupKind(file: string): 'sqlite' | 'postgres' | null {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const read = readSync(fd, head, 0, 16, 0);
    const text = head.subarray(0, read).toString('latin1');
    if (text === SQLITE_MAGIC) return 'sqlite';
    if (text.startsWith(POSTGRES_MAGIC)) return 'postgres';
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a backup of the configured database to `to` (which must not exist yet): first to a
 * temporary file beside it, checked, flushed and renamed, so `to` is only ever a whole backup.
 */
export async function backupDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'SECRET_KEY'>,
  to: string,
  log: Log,
): Promise<{ file: string; bytes: number }> {
  const target = backupTarget(config);
  const file = path.resolve(to);
  if (existsSync(file))
    throw new BackupError(`${file} already exists: give each backup a new name (e.g. with the date)`);
  if (!existsSync(path.dirname(file))) throw new BackupError(`The folder ${path.dirname(file)} does not exist`);
  const partial = `${file}.partial-${process.pid}`;
  const started = Date.now();
  log(`Backing up ${target.describe} to ${file}`);
  try {
    if (target.kind === 'sqlite') await backupSqlite(target.file, partial, log);
    else await backupPostgres(target, partial, log);
    fsyncPath(partial);
    // No overwriting: a backup named the same by someone else meanwhile stays as it is.
    linkSync(partial, file);
    fsyncPath(path.dirname(file));
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST') {
      throw new BackupError(`${file} already exists: give each backup a new name (e.g. with the date)`);
    }
    throw error;
  } finally {
    for (const leftover of ['', '-wal', '-shm', '-journal']) rmSync(`${partial}${leftover}`, { force: true });
  }
  const bytes = statSync(file).size;
  log(`Backup written: ${file} (${formatBytes(bytes)}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  log(secretKeyNote(config, 'backup'));
  return { file, bytes };
}

/** Restores a backup file made by backupDatabase into the configured database, which must be empty. */
export async function restoreDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'SECRET_KEY'>,
  from: string,
  log: Log,
): Promise<void> {
  const target = backupTarget(config);
  const file = path.resolve(from);
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`No backup file at ${file}`);
  const kind = backupKind(file);
  if (kind === null)
    throw new BackupError(
      `${file} is not a backup made by npm run backup (neither SQLite nor pg_dump's custom format)`,
    );
  if (kind !== target.kind) {
    throw new BackupError(
      `${file} is a ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} backup, but the shop is configured for ${target.describe}: restore it into the same kind of database`,
    );
  }
  const started = Date.now();
  log(`Restoring ${file} (${formatBytes(statSync(file).size)}) into ${target.describe}`);
  if (target.kind === 'sqlite') restoreSqlite(file, target.file, log);
  else await restorePostgres(target, file, log);
  log(`Restored in ${((Date.now() - started) / 1000).toFixed(1)} s. The shop can start on it now.`);
  log(secretKeyNote(config, 'restore'));
}

/** The newest migration a shop database has run, or null when it has no shop (no migrations table). */
function sqliteShopVersion(db: SqliteDatabase.Database): string | null {
  const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
  if (!table) return null;
  const row = db.prepare('SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1').get() as
    | { name: string }
    | undefined;
  return row?.name ?? null;
}

function sqliteTableCount(db: SqliteDatabase.Database): number {
  return (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n;
}

/** Checks a copy page by page and as the shop's: throws unless it is whole and has the shop's tables. */
function checkSqliteCopy(db: SqliteDatabase.Database, what: string): { version: string; tables: number } {
  const problems = (db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]).map(
    (row) => row.integrity_check,
  );
  if (problems.length !== 1 || problems[0] !== 'ok') {
    throw new BackupError(`${what} failed SQLite's integrity check: ${problems.slice(0, 5).join('; ')}`);
  }
  const version = sqliteShopVersion(db);
  if (version === null) throw new BackupError(`${what} holds no shop database (no kysely_migration table)`);
  return { version, tables: sqliteTableCount(db) };
}

/**
 * SQLite's online backup API, all pages in one step: one read transaction, so the copy is the
 * database as of one commit, while the shop keeps writing (WAL lets readers and the writer run
 * together). Copied a few pages at a time instead, each write by the shop would restart the copy,
 * and a busy shop could keep it from ever finishing.
 */
async function backupSqlite(source: string, partial: string, log: Log): Promise<void> {
  if (!existsSync(source)) throw new BackupError(`No SQLite database at ${source} (check DATABASE_URL and DATA_DIR)`);
  const db = new SqliteDatabase(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    const version = sqliteShopVersion(db);
    if (version === null) throw new BackupError(`${source} holds no shop database (no kysely_migration table)`);
    await db.backup(partial, {
      progress: ({ totalPages }) => {
        const pageSize = db.pragma('page_size', { simple: true }) as number;
        log(`  copying ${totalPages.toLocaleString('en')} pages (${formatBytes(totalPages * pageSize)})`);
        return 0x7fffffff;
      },
    });
  } finally {
    db.close();
  }
  // The copy keeps no -wal file beside it: one self-contained file (the shop turns WAL back on).
  const copy = new SqliteDatabase(partial, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    log('  checking the copy (integrity check)');
    const { version, tables } = checkSqliteCopy(copy, 'The copy');
    log(`  ${tables} tables, migrations up to ${version}`);
  } finally {
    copy.close();
  }
}

/**
 * Puts a copy of the backup in place of the database file. The shop must not be running on it:
 * a file that exists with anything in it (or a -wal/-shm file beside it) is refused, never
 * overwritten. The copy is checked and switched to WAL beside it first, then linked into place in
 * one step, so the shop never finds half a database there.
 */
function restoreSqlite(backup: string, file: string, log: Log): void {
  for (const existing of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    if (existsSync(existing) && statSync(existing).size > 0) {
      throw new BackupError(
        `${existing} exists and is not empty: a restore only goes into a new database. Stop the shop, move its database file aside (with its -wal and -shm files), then run this again`,
      );
    }
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const incoming = `${file}.restoring-${process.pid}`;
  try {
    log('  copying');
    // The backup file itself is never opened for writing: it stays as it was, for another try.
    copyFileSync(backup, incoming);
    const copy = new SqliteDatabase(incoming, { fileMustExist: true });
    try {
      log('  checking it (integrity check)');
      const { version, tables } = checkSqliteCopy(copy, `The backup ${backup}`);
      copy.pragma('journal_mode = WAL');
      log(`  ${tables} tables, migrations up to ${version}`);
    } finally {
      copy.close();
    }
    fsyncPath(incoming);
    for (const leftover of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) rmSync(leftover, { force: true });
    try {
      linkSync(incoming, file);
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'EEXIST') {
        throw new BackupError(`${file} appeared while restoring (is the shop starting on it?): nothing was changed`);
      }
      throw error;
    }
    fsyncPath(path.dirname(file));
  } finally {
    for (const leftover of ['', '-wal', '-shm', '-journal']) rmSync(`${incoming}${leftover}`, { force: true });
  }
}
