import type { Insertable, Kysely } from 'kysely';
import type { ContentPageRow, Database, SiteNoticesTable } from '../../db/schema.js';

export class ContentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listByRegion(region: 'AU' | 'UK'): Promise<ContentPageRow[]> {
    return this.db.selectFrom('content_pages').selectAll().where('region', '=', region).orderBy('id').execute();
  }

  async findNotice(region: 'AU' | 'UK', key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('site_notices')
      .select('html')
      .where('region', '=', region)
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.html;
  }

  /** Replaces every notice (the demo seed). */
  async replaceNotices(rows: Insertable<SiteNoticesTable>[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('site_notices').execute();
      if (rows.length > 0) await trx.insertInto('site_notices').values(rows).execute();
    });
  }
}
