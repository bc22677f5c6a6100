import type { FeatureFlagName } from '@shop/contract';
import type { ApiRoute } from '../../lib/route.js';
import type { SiteService } from './site.service.js';

type Handler = (ctx: Parameters<ApiRoute['handler']>[0], input: unknown) => Promise<unknown>;

/**
 * The feature's routes, each refusing (404, FEATURE_OFF_MESSAGE) while the flag is off for the
 * region: the page hides a switched-off feature, and this keeps its calls from working anyway.
 * The check runs after the route's own (sign-in, anti-forgery, input), before its handler.
 * `open` names the URLs that keep working: ones that only tidy up or turn something off (a
 * guest wishlist joined at sign-in, an e-mail's unsubscribe link).
 */
export function gatedBy(
  site: SiteService,
  name: FeatureFlagName,
  routes: ApiRoute[],
  open: readonly string[] = [],
): ApiRoute[] {
  return routes.map((route) => {
    if (open.includes(route.url)) return route;
    const handler = route.handler as Handler;
    const gated: Handler = async (ctx, input) => {
      await site.require(ctx, name);
      return handler(ctx, input);
    };
    return { ...route, handler: gated } as ApiRoute;
  });
}
