import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

describe('withStatementCache', () => {
  it('compiles each statement once, keeps the most recently used, and still sees schema changes', () => {
    const sqlite = new SqliteDatabase(':memory:');
    let compiled = 0;
    const counting = {
      close: () => sqlite.close(),
      prepare: (sql: string) => {
        compiled++;
        return sqlite.prepare(sql);
      },
    };
    const db = withStatementCache(counting, 2);
    db.prepare('CREATE TABLE t (a INTEGER)').run([]);
    const insert = 'INSERT INTO t (a) VALUES (?)';
    const select = 'SELECT * FROM t ORDER BY a';
    db.prepare(insert).run([1]);
    db.prepare(insert).run([2]);
    expect(db.prepare(select).all([])).toEqual([{ a: 1 }, { a: 2 }]);
    expect(compiled).toBe(3);
    // The create statement was least recently used: a third distinct one pushes it out.
    db.prepare('SELECT count(*) AS n FROM t').all([]);
    db.prepare('CREATE TABLE IF NOT EXISTS t (a INTEGER)');
    expect(compiled).toBe(5);
    // A kept statement reads the table as it is after a migration adds a column.
    db.prepare('ALTER TABLE t ADD COLUMN b TEXT').run([]);
    db.prepare(insert).run([3]);
    expect(db.prepare(select).all([])).toEqual([
      { a: 1, b: null },
      { a: 2, b: null },
      { a: 3, b: null },
    ]);
    db.close();
  });
});
