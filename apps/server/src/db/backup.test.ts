import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupKind, secretKeyNote } from './backup.js';
import { findPgTool, parseRestoreList } from './backup-postgres.js';
import { backupTarget, formatBytes, maskUrl, redact } from './backup-target.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'shop-backup-unit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the database a backup reads and a restore writes', () => {
  it("is the server's: DATABASE_URL, else DATA_DIR/shop.sqlite", () => {
    expect(backupTarget({ DATABASE_URL: undefined, DATA_DIR: '/srv/shop' })).toMatchObject({
      kind: 'sqlite',
      file: '/srv/shop/shop.sqlite',
    });
    expect(backupTarget({ DATABASE_URL: '', DATA_DIR: '/srv/shop' })).toMatchObject({ file: '/srv/shop/shop.sqlite' });
    expect(backupTarget({ DATABASE_URL: 'sqlite:/var/lib/shop.db', DATA_DIR: '/x' })).toMatchObject({
      file: '/var/lib/shop.db',
    });
    expect(backupTarget({ DATABASE_URL: 'file:/var/lib/shop.db', DATA_DIR: '/x' })).toMatchObject({
      file: '/var/lib/shop.db',
    });
    expect(() => backupTarget({ DATABASE_URL: 'sqlite::memory:', DATA_DIR: '/x' })).toThrow(/in-memory/);
  });

  it("never shows the PostgreSQL password: masked when printed, and not on the tools' command line", () => {
    const target = backupTarget({
      DATABASE_URL: 'postgres://shop:p%40ss:w0rd@db.example:5432/shop?sslmode=require',
      DATA_DIR: '/x',
    });
    if (target.kind !== 'postgres') throw new Error('expected PostgreSQL');
    expect(target.password).toBe('p@ss:w0rd');
    expect(target.describe).toBe('PostgreSQL postgres://shop:***@db.example:5432/shop?sslmode=require');
    expect(target.urlWithoutPassword).toBe('postgres://shop@db.example:5432/shop?sslmode=require');
    expect(redact('FATAL: password p@ss:w0rd (p%40ss%3Aw0rd) is wrong', target)).toBe(
      'FATAL: password *** (***) is wrong',
    );
    expect(maskUrl('postgresql://u:secret@h/db')).toBe('postgresql://u:***@h/db');
    expect(maskUrl('postgres://u@h/db')).toBe('postgres://u@h/db');
  });
});

describe('findPgTool', () => {
  it('takes the tool from PATH first, then the newest /usr/lib/postgresql/<version>/bin', () => {
    const library = path.join(scratch, 'lib');
    for (const version of ['9.6', '15', '13']) {
      mkdirSync(path.join(library, version, 'bin'), { recursive: true });
      writeFileSync(path.join(library, version, 'bin', 'pg_dump'), '#!/bin/sh\n');
      chmodSync(path.join(library, version, 'bin', 'pg_dump'), 0o755);
    }
    expect(findPgTool('pg_dump', { path: '', library })).toBe(path.join(library, '15', 'bin', 'pg_dump'));
    const onPath = path.join(scratch, 'bin');
    mkdirSync(onPath);
    writeFileSync(path.join(onPath, 'pg_dump'), '#!/bin/sh\n');
    chmodSync(path.join(onPath, 'pg_dump'), 0o755);
    expect(findPgTool('pg_dump', { path: `/nowhere${path.delimiter}${onPath}`, library })).toBe(
      path.join(onPath, 'pg_dump'),
    );
  });

  it('says what to install when the tool is nowhere', () => {
    expect(() => findPgTool('pg_restore', { path: '', library: path.join(scratch, 'none') })).toThrow(
      /pg_restore was not found on PATH or in .*\/none\/\*\/bin: install PostgreSQL's client programs \(Debian and Ubuntu: apt-get install postgresql-client\)/,
    );
  });
});

describe('parseRestoreList', () => {
  it('reads the schemas, the tables and the schema entries of pg_restore --list', () => {
    const list = [
      ';     dbname: shop',
      '4; 2615 2200 SCHEMA - public pg_database_owner',
      '3350; 0 0 COMMENT - SCHEMA public pg_database_owner',
      '215; 1259 60014 TABLE public products shop',
      '214; 1259 60013 SEQUENCE public products_id_seq shop',
      '216; 1259 60020 TABLE public users shop',
      '3343; 0 60014 TABLE DATA public products shop',
      '3199; 2606 60021 CONSTRAINT public products products_pkey shop',
    ].join('\n');
    expect(parseRestoreList(list)).toEqual({
      schemas: ['public'],
      tables: 2,
      schemaLines: [
        '4; 2615 2200 SCHEMA - public pg_database_owner',
        '3350; 0 0 COMMENT - SCHEMA public pg_database_owner',
      ],
    });
  });
});

describe('what a backup holds and says', () => {
  it('knows a SQLite file from a pg_dump archive by their first bytes', () => {
    const sqlite = path.join(scratch, 'a.sqlite');
    writeFileSync(sqlite, Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(84)]));
    const dump = path.join(scratch, 'a.dump');
    writeFileSync(dump, 'PGDMP\x01\x0e\x00');
    const other = path.join(scratch, 'a.txt');
    writeFileSync(other, 'hello');
    expect([backupKind(sqlite), backupKind(dump), backupKind(other)]).toEqual(['sqlite', 'postgres', null]);
  });

  it('names where the secret key is, without ever printing it', () => {
    const dataDir = path.join(scratch, 'data');
    mkdirSync(dataDir);
    const key = 'k'.repeat(43);
    expect(secretKeyNote({ SECRET_KEY: key, DATA_DIR: dataDir }, 'backup')).toMatch(
      /reads it from the SECRET_KEY setting/,
    );
    expect(secretKeyNote({ SECRET_KEY: key, DATA_DIR: dataDir }, 'backup')).not.toContain(key);
    expect(secretKeyNote({ SECRET_KEY: undefined, DATA_DIR: dataDir }, 'restore')).toMatch(
      /SECRET_KEY is not set and there is no .*secret-key: the shop would make a new key when it starts/,
    );
    writeFileSync(path.join(dataDir, 'secret-key'), `${key}\n`);
    const note = secretKeyNote({ SECRET_KEY: undefined, DATA_DIR: dataDir }, 'backup');
    expect(note).toContain(`keeps it in ${path.join(dataDir, 'secret-key')}`);
    expect(note).not.toContain(key);
  });

  it('formats sizes', () => {
    expect([formatBytes(800), formatBytes(12_345), formatBytes(4_775_936), formatBytes(2_500_000_000)]).toEqual([
      '800 bytes',
      '12.3 kB',
      '4.8 MB',
      '2.50 GB',
    ]);
  });
});
