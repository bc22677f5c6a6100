import { PageSize, type PopularQuerySchema, type PopularValue } from '@shop/contract';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { CatalogueIndex } from './catalogue-index.js';
import { Flag } from './facet-values.js';
import type { SearchIndexHolder } from './search-index.holder.js';

/**
 * The popular-items grid: the region's available items with pictures, most viewed first. The order
 * comes from the database (views change too often for the index to follow); the total is counted on
 * the in-memory index, which knows what is available without a scan of the products table.
 */
export class PopularService {
  private counted: { index: CatalogueIndex; seq: number; size: number; total: number } | null = null;

  constructor(
    private readonly holder: SearchIndexHolder,
    private readonly catalogue: CatalogueService,
  ) {}

  async popular(ctx: Ctx, query: z.infer<typeof PopularQuerySchema>): Promise<PopularValue> {
    const pageSize = Math.min(query.NumberOfResults, PageSize.searchMax);
    const [ids, total] = await Promise.all([
      this.catalogue.popularProductIds(ctx, (query.page - 1) * pageSize, pageSize),
      this.total(),
    ]);
    return {
      ProductListItems: await this.catalogue.productCards(ctx, ids, 'Popular Items'),
      ProductListItemCount: total,
      MaxResults: pageSize,
      Page: query.page,
    };
  }

  private async total(): Promise<number> {
    const index = await this.holder.current();
    const cached = this.counted;
    if (cached && cached.index === index && cached.seq === index.seq && cached.size === index.size) return cached.total;
    let total = 0;
    const { alive, flags } = index;
    for (let doc = 0; doc < index.size; doc++) {
      if (alive[doc] === 1 && ((flags[doc] as number) & Flag.HasPictures) !== 0) total++;
    }
    this.counted = { index, seq: index.seq, size: index.size, total };
    return total;
  }
}
