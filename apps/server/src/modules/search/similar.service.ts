import { PageSize, type SimilarQuerySchema, type SimilarValue } from '@shop/contract';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
import { slugify } from '../../lib/slug.js';
import { similarSearchUrl } from '../catalogue/catalogue.mapper.js';
import { type CatalogueService, normaliseCode } from '../catalogue/catalogue.service.js';
import { haversineKm } from '../stores/stores.service.js';
import type { CatalogueIndex } from './catalogue-index.js';
import type { SearchIndexHolder } from './search-index.holder.js';
import { topK } from './top-k.js';

/**
 * Similar items for a product page: available items of the same leaf category, those of the same
 * brand first, then the rest from the nearest stores (distance from the item's own store), newest
 * first among equals. One pass over the in-memory index's columns, then a bounded heap, so it stays
 * fast at a million items. Works for sold items too: their page shows what else there is.
 */
export class SimilarService {
  constructor(
    private readonly holder: SearchIndexHolder,
    private readonly catalogue: CatalogueService,
  ) {}

  async similar(ctx: Ctx, query: z.infer<typeof SimilarQuerySchema>): Promise<SimilarValue> {
    const item = await this.catalogue.findByCode(ctx, query.code);
    if (!item) throw new NotFoundError(`No item with code ${normaliseCode(query.code)}`);
    const maxResults = Math.min(query.NumberOfResults, PageSize.searchMax);
    const searchUrl = similarSearchUrl(item.categorySlug, item.brand);
    const index = await this.holder.current();
    const category = index.categoryById.get(item.categoryId);
    if (category === undefined) {
      return { ProductListItems: [], ProductListItemCount: 0, MaxResults: maxResults, SearchUrl: searchUrl };
    }
    const brand = index.brands.find(slugify(item.brand)) ?? -1;
    const distance = storeDistances(index, item.storeId);

    const candidates: number[] = [];
    const { alive, productId } = index;
    const categories = index.category;
    const n = index.size;
    for (let doc = 0; doc < n; doc++) {
      if (alive[doc] === 1 && categories[doc] === category && productId[doc] !== item.id) candidates.push(doc);
    }
    const brands = index.brand;
    const stores = index.store;
    const listed = index.listed;
    const ranked = topK(candidates, maxResults, (a, b) => {
      const sameA = brands[a] === brand;
      const sameB = brands[b] === brand;
      if (sameA !== sameB) return sameA;
      const da = distance[stores[a] as number] as number;
      const db = distance[stores[b] as number] as number;
      if (da !== db) return da < db;
      const la = listed[a] as number;
      const lb = listed[b] as number;
      return la !== lb ? la > lb : a < b;
    });
    const cards = await this.catalogue.productCards(
      ctx,
      ranked.map((doc) => productId[doc] as number),
      'Similar Items',
    );
    return {
      ProductListItems: cards,
      ProductListItemCount: candidates.length,
      MaxResults: maxResults,
      SearchUrl: searchUrl,
    };
  }
}

/** Kilometres from the given store to each store of the index (all 0 when the store is unknown). */
function storeDistances(index: CatalogueIndex, storeId: number): Float64Array {
  const distances = new Float64Array(index.stores.length);
  const origin = index.stores[index.storeById.get(storeId) ?? -1];
  if (!origin) return distances;
  for (const store of index.stores) {
    distances[store.index] =
      store.index === origin.index
        ? 0
        : haversineKm(origin.latitude, origin.longitude, store.latitude, store.longitude);
  }
  return distances;
}
