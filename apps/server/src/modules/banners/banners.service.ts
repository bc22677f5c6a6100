import type { BannerRow } from '../../db/schema.js';
import type { Ctx } from '../../lib/context.js';
import { BannersRepository } from './banners.repository.js';

/** Banner carousels of the home and marketing pages, per region. */
export class BannersService {
  private readonly repository = new BannersRepository();

  /** A placement's active banners for the region, in order. */
  list(ctx: Ctx, placement: string): Promise<BannerRow[]> {
    return this.repository.listActive(ctx, ctx.region, placement);
  }

  count(ctx: Ctx): Promise<number> {
    return this.repository.count(ctx);
  }
}
