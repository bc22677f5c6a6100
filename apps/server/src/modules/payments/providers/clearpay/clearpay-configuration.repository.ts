import type { Region } from '@shop/contract';
import type { DbCtx } from '../../../../lib/context.js';

/** The table of migration 014 (kept here: only this folder reads or writes it). */
interface ClearpayConfigurationTable {
  region: string;
  minimum_minor: number;
  maximum_minor: number;
  fetched_at: number;
}

export interface StoredRange {
  minimumMinor: number;
  maximumMinor: number;
  fetchedAt: number;
}

/** Clearpay's configured range per region, as last read from Clearpay. */
export class ClearpayConfigurationRepository {
  private db(ctx: DbCtx) {
    return ctx.db.withTables<{ clearpay_configuration: ClearpayConfigurationTable }>();
  }

  async find(ctx: DbCtx, region: Region): Promise<StoredRange | null> {
    const row = await this.db(ctx)
      .selectFrom('clearpay_configuration')
      .selectAll()
      .where('region', '=', region)
      .executeTakeFirst();
    return row
      ? { minimumMinor: row.minimum_minor, maximumMinor: row.maximum_minor, fetchedAt: Number(row.fetched_at) }
      : null;
  }

  /** One statement: the newest read wins, whichever instance made it. */
  async save(ctx: DbCtx, region: Region, range: StoredRange): Promise<void> {
    const values = {
      region,
      minimum_minor: range.minimumMinor,
      maximum_minor: range.maximumMinor,
      fetched_at: range.fetchedAt,
    };
    await this.db(ctx)
      .insertInto('clearpay_configuration')
      .values(values)
      .onConflict((oc) =>
        oc.column('region').doUpdateSet({
          minimum_minor: values.minimum_minor,
          maximum_minor: values.maximum_minor,
          fetched_at: values.fetched_at,
        }),
      )
      .execute();
  }
}
