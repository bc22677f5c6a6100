import { closeSync, fsyncSync, openSync } from 'node:fs';
import path from 'node:path';
import { type Config, loadConfig } from '../config.js';
import { isPostgresUrl } from './database.js';

/**
 * Where npm run backup reads and npm run restore writes: the database the server's configuration
 * names. And what both halves (SQLite in backup.ts, PostgreSQL in backup-postgres.ts) share.
 */

/** A failure the operator can act on: printed as it is, exit code 1. */
export class BackupError extends Error {}

export type Log = (line: string) => void;

/** The server's configuration, read as it reads it; a setting it would refuse is a BackupError. */
export function loadConfigOrFail(): Config {
  try {
    return loadConfig();
  } catch (error) {
    throw new BackupError(error instanceof Error ? error.message : String(error));
  }
}

export type BackupTarget =
  | { kind: 'sqlite'; file: string; describe: string }
  | {
      kind: 'postgres';
      /** The URL as configured (password included), for our own connection. */
      url: string;
      /** The URL without its password, for pg_dump and pg_restore (the password goes in PGPASSWORD). */
      urlWithoutPassword: string;
      password: string | null;
      describe: string;
    };

/** postgres://user:***@host:5432/shop: the URL with its password masked, for anything printed. */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password === '') return url;
    parsed.password = '***';
    return parsed.toString();
  } catch {
    // Not a URL we can parse: print nothing of it that could be a password.
    return url.replace(/\/\/[^@/]*@/, '//***@');
  }
}

/**
 * The database the server would open with this configuration: DATABASE_URL (postgres://, or a
 * sqlite:/file: path), else DATA_DIR/shop.sqlite, as openDatabase reads them (it also creates a
 * missing file, which a backup or a restore must not).
 */
export function backupTarget(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): BackupTarget {
  const url = config.DATABASE_URL;
  if (url && isPostgresUrl(url)) {
    const parsed = new URL(url);
    const password = parsed.password === '' ? null : decodeURIComponent(parsed.password);
    parsed.password = '';
    return {
      kind: 'postgres',
      url,
      urlWithoutPassword: parsed.toString(),
      password,
      describe: `PostgreSQL ${maskUrl(url)}`,
    };
  }
  const file = url ? url.replace(/^(sqlite:|file:)/, '') : path.join(config.DATA_DIR, 'shop.sqlite');
  if (file === ':memory:')
    throw new BackupError('DATABASE_URL is an in-memory SQLite database: there is nothing to back up or restore');
  const resolved = path.resolve(file);
  return { kind: 'sqlite', file: resolved, describe: `SQLite ${resolved}` };
}

/** Replaces the password, wherever it appears, in text we print (a tool's message, an error). */
export function redact(text: string, target: BackupTarget): string {
  if (target.kind !== 'postgres' || !target.password) return text;
  return text.split(target.password).join('***').split(encodeURIComponent(target.password)).join('***');
}

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
}

/** Flushes a file, or a directory's entries, to the disk. */
export function fsyncPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
