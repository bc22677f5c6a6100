import { ProductDetailSchema, ProductQuerySchema } from '@shop/contract';
import { NotFoundError } from '../../lib/errors.js';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
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
        const detail = await catalogue.productDetail(ctx, query.code);
        if (!detail) throw new NotFoundError(`No item with code ${normaliseCode(query.code)}`);
        return detail;
      },
    }),
  ];
}
