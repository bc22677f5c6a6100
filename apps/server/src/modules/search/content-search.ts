import type { ContentListItem } from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import type { ContentPage, ContentService } from '../content/content.service.js';
import { TextIndex } from './text-index.js';

/**
 * The search page's Pages tab: the content module's store pages and help articles found by text,
 * with the same text index the items use (title 3, name 2, description 1). The index is built
 * again only when the content module hands out a new list of pages (it reads them at most once a
 * minute), so the search module depends on content and never the other way round.
 */
export class ContentSearch {
  private built: { pages: readonly ContentPage[]; index: TextIndex } | null = null;

  constructor(private readonly content: Pick<ContentService, 'pages'>) {}

  async search(
    ctx: Ctx,
    text: string,
    offset: number,
    limit: number,
  ): Promise<{ items: ContentListItem[]; total: number }> {
    if (!text.trim()) return { items: [], total: 0 };
    const pages = await this.content.pages(ctx);
    const index = this.indexOf(pages);
    const match = index.match(text);
    const ranked = [...match.docs].sort((a, b) => (match.scores[b] ?? 0) - (match.scores[a] ?? 0) || a - b);
    const items = ranked.slice(offset, offset + limit).flatMap((doc) => {
      const page = pages[doc];
      if (!page) return [];
      return [
        {
          ContentType: page.contentType,
          Url: page.url,
          DisplayName: page.displayName,
          Name: page.name,
          Description: page.description,
        },
      ];
    });
    return { items, total: ranked.length };
  }

  private indexOf(pages: readonly ContentPage[]): TextIndex {
    if (this.built?.pages === pages) return this.built.index;
    const index = new TextIndex();
    for (const page of pages) {
      index.add([
        { text: page.displayName, weight: 3 },
        { text: page.name, weight: 2 },
        { text: page.description, weight: 1 },
      ]);
    }
    index.finish();
    this.built = { pages, index };
    return index;
  }
}
