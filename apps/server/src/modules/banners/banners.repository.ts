import type { Insertable, Kysely } from 'kysely';
import type { BannerRow, BannersTable, Database } from '../../db/schema.js';

export class BannersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listActive(region: 'AU' | 'UK', placement: string): Promise<BannerRow[]> {
    return this.db
      .selectFrom('banners')
      .selectAll()
      .where('region', '=', region)
      .where('placement', '=', placement)
      .where('active', '=', 1)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('banners')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Replaces every banner (the demo seed). */
  async replaceAll(rows: Insertable<BannersTable>[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('banners').execute();
      if (rows.length > 0) await trx.insertInto('banners').values(rows).execute();
    });
  }
}
