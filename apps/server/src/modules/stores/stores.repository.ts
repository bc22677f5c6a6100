import type { Kysely } from 'kysely';
import type { Database, StoreRow } from '../../db/schema.js';

export class StoresRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listByRegion(region: 'AU' | 'UK'): Promise<StoreRow[]> {
    return this.db.selectFrom('stores').selectAll().where('region', '=', region).orderBy('id').execute();
  }

  findById(id: number): Promise<StoreRow | undefined> {
    return this.db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
