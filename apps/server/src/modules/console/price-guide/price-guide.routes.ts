import { PriceGuideParamsSchema, PriceGuideQuerySchema, PriceGuideValueSchema } from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../../lib/route.js';
import type { StaffGuard } from '../staff/staff.guard.js';
import type { ConsolePriceGuideService } from './price-guide.service.js';

/** GET .../price-guide: staff of the store (or an admin) only, guarded before the query is read. */
export function priceGuideRoutes(
  priceGuide: ConsolePriceGuideService,
  guard: Pick<StaffGuard, 'requireStaff'>,
): ApiRoute[] {
  return [
    defineRoute({
      tag: 'console',
      auth: 'required',
      method: 'GET',
      url: '/c3api/console/stores/:storeId/price-guide',
      summary:
        'The price guide: what comparable items of the region (category, brand, model words) sold for in the last 180 days and are listed for now, with a price suggested for the condition',
      params: PriceGuideParamsSchema,
      query: PriceGuideQuerySchema,
      guard: (ctx, params) => guard.requireStaff(ctx, params.storeId),
      cacheControl: 'no-store',
      value: PriceGuideValueSchema,
      handler: (ctx, { params, query }) => priceGuide.guide(ctx, params.storeId, query),
    }),
  ];
}
