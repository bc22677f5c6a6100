import type { ContentListItem, HelpPageValue, Region } from '@shop/contract';
import type { ContentPageRow } from '../../db/schema.js';
import type { Ctx } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { TextIndex } from '../search/text-index.js';
import { ContentRepository } from './content.repository.js';

/** How long a content index is trusted before it is read again; pages change rarely. */
const REFRESH_MS = 60_000;

export function contentUrl(page: Pick<ContentPageRow, 'content_type' | 'slug'>): string {
  return page.content_type === 'StorePage' ? `/stores/${page.slug}` : `/help/${page.slug}`;
}

/** Store pages and help articles, and finding them by text for the search page's Pages tab. */
export class ContentService {
  private readonly repository = new ContentRepository();
  private cache: { at: number; region: Region; pages: ContentPageRow[]; index: TextIndex } | null = null;

  private async loaded(ctx: Ctx) {
    if (this.cache && this.cache.region === ctx.region && Date.now() - this.cache.at < REFRESH_MS) return this.cache;
    const pages = await this.repository.listByRegion(ctx, ctx.region);
    const index = new TextIndex();
    for (const page of pages) {
      index.add([
        { text: page.display_name, weight: 3 },
        { text: page.name, weight: 2 },
        { text: page.description, weight: 1 },
      ]);
    }
    index.finish();
    this.cache = { at: Date.now(), region: ctx.region, pages, index };
    return this.cache;
  }

  /** A region's short notice (such as the footer's warning about borrowing) as sanitised HTML. */
  async notice(ctx: Ctx, key: string): Promise<{ Html: string }> {
    const html = await this.repository.findNotice(ctx, ctx.region, key);
    if (html === undefined) throw new NotFoundError(`No notice named ${key}`);
    return { Html: sanitizeRichText(html) };
  }

  /** A help page of this region by its slug (store pages have their own route); 404 otherwise. */
  async helpPage(ctx: Ctx, slug: string): Promise<HelpPageValue> {
    const { pages } = await this.loaded(ctx);
    const page = pages.find((p) => p.content_type === 'ContentPage' && p.slug === slug);
    if (!page) throw new NotFoundError(`No help page ${slug}`);
    return {
      Slug: page.slug,
      Title: page.display_name || page.name,
      Description: page.description,
      BodyHtml: sanitizeRichText(page.body_html),
    };
  }

  invalidate(): void {
    this.cache = null;
  }

  async search(
    ctx: Ctx,
    text: string,
    offset: number,
    limit: number,
  ): Promise<{ items: ContentListItem[]; total: number }> {
    if (!text.trim()) return { items: [], total: 0 };
    const { pages, index } = await this.loaded(ctx);
    const match = index.match(text);
    const ranked = [...match.docs].sort((a, b) => (match.scores[b] ?? 0) - (match.scores[a] ?? 0) || a - b);
    const items = ranked.slice(offset, offset + limit).flatMap((doc) => {
      const page = pages[doc];
      if (!page) return [];
      return [
        {
          ContentType: page.content_type,
          Url: contentUrl(page),
          DisplayName: page.display_name,
          Name: page.name,
          Description: page.description,
        },
      ];
    });
    return { items, total: ranked.length };
  }
}
