import type { Kysely } from 'kysely';
import type { ContentPageRow, Database } from '../../db/schema.js';

export class ContentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listByRegion(region: 'AU' | 'UK'): Promise<ContentPageRow[]> {
    return this.db.selectFrom('content_pages').selectAll().where('region', '=', region).orderBy('id').execute();
  }
}
