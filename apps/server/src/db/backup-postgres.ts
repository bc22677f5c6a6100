import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BackupError, type BackupTarget, type Log, redact } from './backup-target.js';

/**
 * The PostgreSQL half of npm run backup / npm run restore: pg_dump's custom format of the shop's
 * schema, and pg_restore into an empty one. Like migrate.ts, database plumbing: it reads the
 * catalogues (information_schema, pg_namespace) directly rather than through a repository.
 */

const POSTGRES_LIBRARY = '/usr/lib/postgresql';

/**
 * pg_dump or pg_restore: the first on PATH, else the newest of /usr/lib/postgresql/<version>/bin
 * (Debian and Ubuntu install them there). Absent: a message saying what to install.
 */
export function findPgTool(
  name: 'pg_dump' | 'pg_restore',
  options: { path?: string | undefined; library?: string } = {},
): string {
  const searchPath = 'path' in options ? options.path : process.env.PATH;
  const candidates = (searchPath ?? '')
    .split(path.delimiter)
    .filter((dir) => dir !== '')
    .map((dir) => path.join(dir, name));
  const library = options.library ?? POSTGRES_LIBRARY;
  if (existsSync(library)) {
    const versions = readdirSync(library)
      .filter((entry) => /^\d+(\.\d+)?$/.test(entry))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(library, version, 'bin', name)));
  }
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not there, or not runnable: the next one.
    }
  }
  throw new BackupError(
    `${name} was not found on PATH or in ${library}/*/bin: install PostgreSQL's client programs (Debian and Ubuntu: apt-get install postgresql-client), in a version no older than the server's`,
  );
}

/**
 * Runs a PostgreSQL tool with the password in its environment, not on its command line (which
 * any user of the machine can list); `onLine` sees each line it writes to stderr.
 */
function runPgTool(
  target: PostgresTarget,
  tool: string,
  args: string[],
  onLine: (line: string) => void = () => {},
): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (target.password !== null) env.PGPASSWORD = target.password;
  const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let partialLine = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    const text = partialLine + chunk.toString();
    const lines = text.split('\n');
    partialLine = lines.pop() ?? '';
    for (const line of lines) {
      stderr += `${line}\n`;
      onLine(line);
    }
  });
  return new Promise((resolve, reject) => {
    child.on('error', (error) => reject(new BackupError(`Could not run ${tool}: ${error.message}`)));
    child.on('close', (code, signal) => {
      stderr += partialLine;
      if (code === 0) return resolve(stdout);
      const problems = stderr
        .split('\n')
        .filter(
          (line) =>
            line.trim() !== '' &&
            !/: (dumping|processing|creating|last built-in|reading|identifying|saving|finding|flagging|executing|connecting|implied|launching)/.test(
              line,
            ),
        )
        .slice(-8)
        .join('\n');
      reject(
        new BackupError(
          redact(
            `${path.basename(tool)} failed (${signal ?? `exit code ${code}`}):\n${problems || stderr.trim()}`,
            target,
          ),
        ),
      );
    });
  });
}

type PostgresTarget = Extract<BackupTarget, { kind: 'postgres' }>;

async function withClient<T>(target: PostgresTarget, work: (client: pg.Client) => Promise<T>): Promise<T> {
  // PGOPTIONS (e.g. -c search_path=...) reaches this connection as it reaches the server's.
  const client = new pg.Client({ connectionString: target.url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      redact(
        `Could not connect to ${target.describe}: ${error instanceof Error ? error.message : String(error)}`,
        target,
      ),
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The tables in a schema, by name. */
async function tablesIn(client: pg.Client, schema: string): Promise<string[]> {
  const result = await client.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name",
    [schema],
  );
  return result.rows.map((row) => row.table_name);
}

async function postgresShopVersion(client: pg.Client, schema: string): Promise<string | null> {
  if (!(await tablesIn(client, schema)).includes('kysely_migration')) return null;
  const result = await client.query<{ name: string }>(
    `SELECT name FROM ${quoteIdentifier(schema)}.kysely_migration ORDER BY name DESC LIMIT 1`,
  );
  return result.rows[0]?.name ?? null;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * The schema the shop's tables live in on this connection: where its search_path puts them (the
 * first schema of the path that exists, else the first named one, which a restore creates).
 */
async function shopSchema(client: pg.Client): Promise<string> {
  const result = await client.query<{ current: string | null; search_path: string; user: string }>(
    "SELECT current_schema() AS current, current_setting('search_path') AS search_path, current_user AS user",
  );
  const row = result.rows[0];
  if (row?.current) return row.current;
  const named = (row?.search_path ?? '')
    .split(',')
    .map((entry) => entry.trim().replace(/^"(.*)"$/, '$1'))
    .find((entry) => entry !== '' && entry !== '$user');
  if (!named)
    throw new BackupError(
      'The connection has no schema on its search_path: set one (e.g. PGOPTIONS="-c search_path=public")',
    );
  return named;
}

/**
 * pg_dump's custom format of the shop's schema: one transaction (a snapshot), so the dump is the
 * database as of one moment while the shop keeps writing; compressed, and read by pg_restore.
 * Only the shop's schema: the database may hold others that are not the shop's.
 */
export async function backupPostgres(target: PostgresTarget, partial: string, log: Log): Promise<void> {
  const pgDump = findPgTool('pg_dump');
  const { schema, tables, version, server } = await withClient(target, async (client) => {
    const schema = await shopSchema(client);
    const version = await postgresShopVersion(client, schema);
    if (version === null) {
      throw new BackupError(
        `Schema "${schema}" of ${target.describe} holds no shop database (no kysely_migration table)`,
      );
    }
    const server = (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v;
    return { schema, tables: (await tablesIn(client, schema)).length, version, server: server ?? 'unknown' };
  });
  log(`  PostgreSQL ${server}, schema "${schema}": ${tables} tables, migrations up to ${version}; ${pgDump}`);
  let dumped = 0;
  await runPgTool(
    target,
    pgDump,
    [
      '--format=custom',
      `--schema=${quoteIdentifier(schema)}`,
      `--file=${partial}`,
      '--verbose',
      `--dbname=${target.urlWithoutPassword}`,
    ],
    (line) => {
      if (!/dumping contents of table/.test(line)) return;
      dumped += 1;
      if (dumped % 10 === 0 || dumped === tables) log(`  dumped ${dumped} of ${tables} tables`);
    },
  );
  const contents = await runPgTool(target, findPgTool('pg_restore'), ['--list', partial]);
  const listed = parseRestoreList(contents);
  if (listed.tables === 0 || !listed.schemas.includes(schema)) {
    throw new BackupError(`pg_dump wrote an archive without the tables of schema "${schema}"`);
  }
  log(`  checked: the archive reads back, ${listed.tables} tables of schema "${listed.schemas.join('", "')}"`);
}

/**
 * What `pg_restore --list` says an archive holds: its schemas, how many tables, and the entries
 * that create a schema or comment on it (left out when restoring into a schema that exists).
 */
export function parseRestoreList(list: string): { schemas: string[]; tables: number; schemaLines: string[] } {
  const schemas = new Set<string>();
  const schemaLines: string[] = [];
  let tables = 0;
  for (const line of list.split('\n')) {
    const schemaEntry = /^\d+; \d+ \d+ SCHEMA - (\S+) /.exec(line);
    if (schemaEntry?.[1]) {
      schemas.add(schemaEntry[1]);
      schemaLines.push(line);
      continue;
    }
    if (/^\d+; \d+ \d+ COMMENT - SCHEMA \S+ /.test(line)) {
      schemaLines.push(line);
      continue;
    }
    const table = /^\d+; \d+ \d+ TABLE (?!DATA )(\S+) \S+ /.exec(line);
    if (table?.[1]) {
      schemas.add(table[1]);
      tables += 1;
    }
  }
  return { schemas: [...schemas], tables, schemaLines };
}

/**
 * pg_restore into the configured database's shop schema, which must hold no table: in one
 * transaction, so a failure halfway leaves it as empty as it was. Owners and grants are not
 * restored (--no-owner --no-acl): the roles of the old server may not exist on the new one; the
 * connecting user owns everything, as after the shop's own migrations.
 */
export async function restorePostgres(target: PostgresTarget, file: string, log: Log): Promise<void> {
  const pgRestore = findPgTool('pg_restore');
  const contents = await runPgTool(target, pgRestore, ['--list', file]).catch((error: unknown) => {
    throw new BackupError(
      `${file} could not be read as a pg_dump archive (a damaged or unfinished copy?): ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  const list = parseRestoreList(contents);
  const [schema, ...others] = list.schemas;
  if (!schema || others.length > 0 || list.tables === 0) {
    throw new BackupError(
      `${file} is not a backup of one shop schema (it holds ${list.tables} tables in ${list.schemas.length} schemas): make it with npm run backup`,
    );
  }
  const { exists } = await withClient(target, async (client) => {
    const targetSchema = await shopSchema(client);
    if (targetSchema !== schema) {
      throw new BackupError(
        `The backup holds schema "${schema}", but on ${target.describe} the shop's tables go in schema "${targetSchema}" (its search_path): restore where the search_path starts with "${schema}" (e.g. PGOPTIONS="-c search_path=${schema}")`,
      );
    }
    const existing = await tablesIn(client, schema);
    if (existing.length > 0) {
      throw new BackupError(
        `${target.describe} is not empty: schema "${schema}" has ${existing.length} tables (${existing.slice(0, 5).join(', ')}${existing.length > 5 ? ', ...' : ''}). A restore only goes into an empty database: create a new one (createdb), point DATABASE_URL at it and run this again, before the shop starts on it (it creates its tables when it starts)`,
      );
    }
    const found = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    return { exists: (found.rowCount ?? 0) > 0 };
  });
  log(`  ${list.tables} tables of schema "${schema}"; ${pgRestore}`);
  // An empty database already has its public schema: creating it again would fail the restore.
  const listDir = mkdtempSync(path.join(os.tmpdir(), 'shop-restore-'));
  try {
    const listFile = path.join(listDir, 'restore.list');
    const skipped = new Set(exists ? list.schemaLines : []);
    const entries = contents.split('\n').filter((line) => !skipped.has(line));
    writeFileSync(listFile, entries.join('\n'));
    let restored = 0;
    await runPgTool(
      target,
      pgRestore,
      [
        '--no-owner',
        '--no-acl',
        '--exit-on-error',
        '--single-transaction',
        '--verbose',
        `--use-list=${listFile}`,
        `--dbname=${target.urlWithoutPassword}`,
        file,
      ],
      (line) => {
        if (!/processing data for table/.test(line)) return;
        restored += 1;
        if (restored % 10 === 0 || restored === list.tables) log(`  restored ${restored} of ${list.tables} tables`);
      },
    );
  } finally {
    rmSync(listDir, { recursive: true, force: true });
  }
  const version = await withClient(target, (client) => postgresShopVersion(client, schema));
  log(`  schema "${schema}" now has migrations up to ${version}`);
}
