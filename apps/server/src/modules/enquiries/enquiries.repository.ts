import type { Insertable, Kysely } from 'kysely';
import type { Database, EnquiriesTable } from '../../db/schema.js';

export class EnquiriesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<EnquiriesTable>): Promise<number> {
    const inserted = await this.db.insertInto('enquiries').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }
}
