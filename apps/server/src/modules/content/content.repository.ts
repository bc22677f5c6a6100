import type { Insertable } from 'kysely';
import type { ContentPageRow, ContentPagesTable, SiteNoticesTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export class ContentRepository {
  listByRegion(ctx: DbCtx, region: 'AU' | 'UK'): Promise<ContentPageRow[]> {
    return ctx.db.selectFrom('content_pages').selectAll().where('region', '=', region).orderBy('id').execute();
  }

  /** A help page (not a store page) of the region by its slug. */
  findHelpPage(ctx: DbCtx, region: 'AU' | 'UK', slug: string): Promise<ContentPageRow | undefined> {
    return ctx.db
      .selectFrom('content_pages')
      .selectAll()
      .where('region', '=', region)
      .where('content_type', '=', 'ContentPage')
      .where('slug', '=', slug)
      .executeTakeFirst();
  }

  /** Changes a help page's words; undefined when the region has no such help page. */
  updateHelpPage(
    ctx: DbCtx,
    region: 'AU' | 'UK',
    slug: string,
    changes: Pick<ContentPagesTable, 'name' | 'display_name' | 'description' | 'body_html'>,
  ): Promise<ContentPageRow | undefined> {
    return ctx.db
      .updateTable('content_pages')
      .set(changes)
      .where('region', '=', region)
      .where('content_type', '=', 'ContentPage')
      .where('slug', '=', slug)
      .returningAll()
      .executeTakeFirst();
  }

  /** Adds the help pages a region does not have yet (by slug); answers how many were added. */
  async insertMissingHelpPages(ctx: DbCtx, rows: Insertable<ContentPagesTable>[]): Promise<number> {
    const existing = await ctx.db.selectFrom('content_pages').select(['region', 'slug']).execute();
    const taken = new Set(existing.map((row) => `${row.region} ${row.slug}`));
    const missing = rows.filter((row) => !taken.has(`${row.region} ${row.slug}`));
    if (missing.length > 0) await ctx.db.insertInto('content_pages').values(missing).execute();
    return missing.length;
  }

  async findNotice(ctx: DbCtx, region: 'AU' | 'UK', key: string): Promise<string | undefined> {
    const row = await ctx.db
      .selectFrom('site_notices')
      .select('html')
      .where('region', '=', region)
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.html;
  }

  /** Replaces every notice (the demo seed). */
  async replaceNotices(ctx: DbCtx, rows: Insertable<SiteNoticesTable>[]): Promise<void> {
    await ctx.db.deleteFrom('site_notices').execute();
    if (rows.length > 0) await ctx.db.insertInto('site_notices').values(rows).execute();
  }
}
