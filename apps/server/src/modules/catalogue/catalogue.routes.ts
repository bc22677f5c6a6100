import { ProductDetailSchema, ProductQuerySchema } from '@shop/contract';
import { NotFoundError } from '../../lib/errors.js';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import { toStore } from '../stores/stores.mapper.js';
import { toProductDetail } from './catalogue.mapper.js';
import { type CatalogueService, normaliseCode } from './catalogue.service.js';

export function catalogueRoutes(catalogue: CatalogueService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/product/query',
      summary: 'One item for its product page, sold and reserved items included (codes are case-insensitive)',
      tag: 'product',
      query: ProductQuerySchema,
      value: ProductDetailSchema,
      handler: async (ctx, { query }) => {
        const page = await catalogue.productPage(ctx, query.code);
        if (!page) throw new NotFoundError(`No item with code ${normaliseCode(query.code)}`);
        return toProductDetail(page.row, toStore(page.store), page.lineage, page.postageFromMinor);
      },
    }),
  ];
}
