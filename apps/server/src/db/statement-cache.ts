import type { SqliteDatabase } from 'kysely';

/** How many distinct statements are kept (queries with IN lists of many lengths are each their own). */
const KEPT_STATEMENTS = 500;

/**
 * better-sqlite3 for Kysely, with each statement compiled once and kept. Kysely's SQLite driver
 * calls prepare() for every query it runs: compiling the same SQL again showed as 4% of a search
 * request's time in the server's profile (the product cards' query, on every search and
 * suggestion). A statement is safe to reuse here because Kysely runs one query at a time on the
 * connection and runs it to completion (`all` or `run`) before the next; SQLite recompiles a kept
 * statement itself when a migration changes the schema. Least recently used out first.
 */
export function withStatementCache(database: SqliteDatabase, capacity = KEPT_STATEMENTS): SqliteDatabase {
  const kept = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  return {
    close: () => {
      kept.clear();
      database.close();
    },
    prepare: (sql: string) => {
      let statement = kept.get(sql);
      if (statement) {
        // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
        kept.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (kept.size >= capacity) kept.delete(kept.keys().next().value as string);
      }
      kept.set(sql, statement);
      return statement;
    },
  };
}
