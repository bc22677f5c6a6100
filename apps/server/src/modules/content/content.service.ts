import type { HelpPageValue, Region } from '@shop/contract';
import type { ContentPageRow } from '../../db/schema.js';
import type { Ctx } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { ContentRepository } from './content.repository.js';

/** How long a content index is trusted before it is read again; pages change rarely. */
const REFRESH_MS = 60_000;

export function contentUrl(page: Pick<ContentPageRow, 'content_type' | 'slug'>): string {
  return page.content_type === 'StorePage' ? `/stores/${page.slug}` : `/help/${page.slug}`;
}

/** A store page or help article as other modules see it (the search page's Pages tab). */
export interface ContentPage {
  contentType: 'StorePage' | 'ContentPage';
  slug: string;
  /** Where the shop shows it: /stores/{slug} or /help/{slug}. */
  url: string;
  displayName: string;
  name: string;
  description: string;
}

/** A help page as the marketplace admin edits it (the body as stored: sanitised when saved). */
export interface HelpPage {
  slug: string;
  title: string;
  description: string;
  bodyHtml: string;
  /** /help/{slug} */
  url: string;
}

export interface HelpPageChanges {
  title: string;
  description: string;
  bodyHtml: string;
}

/** Store pages and help articles of the region, read again at most once a minute. */
export class ContentService {
  private readonly repository = new ContentRepository();
  private cache: { at: number; region: Region; rows: ContentPageRow[]; pages: readonly ContentPage[] } | null = null;

  private async loaded(ctx: Ctx) {
    if (this.cache && this.cache.region === ctx.region && Date.now() - this.cache.at < REFRESH_MS) return this.cache;
    const rows = await this.repository.listByRegion(ctx, ctx.region);
    const pages = rows.map(toContentPage);
    this.cache = { at: Date.now(), region: ctx.region, rows, pages };
    return this.cache;
  }

  /**
   * The region's pages in a stable order. The same array comes back until the pages are read
   * again, so a caller may keep what it builds from them (the search module's text index) for as
   * long as the array is the same.
   */
  async pages(ctx: Ctx): Promise<readonly ContentPage[]> {
    return (await this.loaded(ctx)).pages;
  }

  /** A region's short notice (such as the footer's warning about borrowing) as sanitised HTML. */
  async notice(ctx: Ctx, key: string): Promise<{ Html: string }> {
    const html = await this.repository.findNotice(ctx, ctx.region, key);
    if (html === undefined) throw new NotFoundError(`No notice named ${key}`);
    return { Html: sanitizeRichText(html) };
  }

  /** A help page of this region by its slug (store pages have their own route); 404 otherwise. */
  async helpPage(ctx: Ctx, slug: string): Promise<HelpPageValue> {
    const { rows } = await this.loaded(ctx);
    const page = rows.find((p) => p.content_type === 'ContentPage' && p.slug === slug);
    if (!page) throw new NotFoundError(`No help page ${slug}`);
    return {
      Slug: page.slug,
      Title: page.display_name || page.name,
      Description: page.description,
      BodyHtml: sanitizeRichText(page.body_html),
    };
  }

  /** The region's help pages (policies and articles) as stored, read afresh for the admin. */
  async helpPagesAsStored(ctx: Ctx): Promise<HelpPage[]> {
    const rows = await this.repository.listByRegion(ctx, ctx.region);
    return rows.filter((row) => row.content_type === 'ContentPage').map(toHelpPage);
  }

  async helpPageAsStored(ctx: Ctx, slug: string): Promise<HelpPage | undefined> {
    const row = await this.repository.findHelpPage(ctx, ctx.region, slug);
    return row ? toHelpPage(row) : undefined;
  }

  /**
   * Changes a help page of the region (undefined: none by that slug). The body is sanitised before
   * it is stored, so what the admin sees after saving is what shoppers get; the cached pages are
   * dropped once the change is committed, so this server shows it at once (others within a minute).
   */
  async editHelpPage(ctx: Ctx, slug: string, changes: HelpPageChanges): Promise<HelpPage | undefined> {
    const row = await this.repository.updateHelpPage(ctx, ctx.region, slug, {
      name: changes.title,
      display_name: changes.title,
      description: changes.description,
      body_html: sanitizeRichText(changes.bodyHtml),
    });
    if (!row) return undefined;
    ctx.afterCommit(() => this.invalidate());
    return toHelpPage(row);
  }

  invalidate(): void {
    this.cache = null;
  }
}

function toHelpPage(row: ContentPageRow): HelpPage {
  return {
    slug: row.slug,
    title: row.display_name || row.name,
    description: row.description,
    bodyHtml: row.body_html,
    url: contentUrl(row),
  };
}

function toContentPage(row: ContentPageRow): ContentPage {
  return {
    contentType: row.content_type,
    slug: row.slug,
    url: contentUrl(row),
    displayName: row.display_name,
    name: row.name,
    description: row.description,
  };
}
