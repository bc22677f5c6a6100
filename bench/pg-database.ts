/** A throw-away PostgreSQL database for one benchmark run: created from `postgres`, dropped at the end. */
import pg from 'pg';

export const DEFAULT_POSTGRES_SERVER = 'postgres://postgres@127.0.0.1:5432';

export class ThrowAwayPgDatabase {
  private dropped = false;

  private constructor(
    private readonly serverUrl: string,
    readonly name: string,
  ) {}

  /** Creates `name` on the server at `serverUrl` (a URL without a database, or with any database). */
  static async create(serverUrl: string, name: string): Promise<ThrowAwayPgDatabase> {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
    const database = new ThrowAwayPgDatabase(serverUrl, name);
    await database.onAdmin((client) => client.query(`CREATE DATABASE ${name}`));
    return database;
  }

  /** The URL the seed CLI, the server and the comparison connect to. */
  get url(): string {
    return withDatabase(this.serverUrl, this.name);
  }

  /** Drops the database even if something still holds a connection to it (a killed server). */
  async drop(): Promise<void> {
    if (this.dropped) return;
    this.dropped = true;
    await this.onAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${this.name} WITH (FORCE)`));
  }

  private async onAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: withDatabase(this.serverUrl, 'postgres') });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }
}

/** `url` pointing at `database` instead of whatever database it named. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error(`--database-url must be a postgres:// URL, not ${parsed.protocol}`);
  }
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
