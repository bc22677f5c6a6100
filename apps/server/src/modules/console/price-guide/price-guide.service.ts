import type { PriceGuideQuery, PriceGuideValue } from '@shop/contract';
import type { Ctx } from '../../../lib/context.js';
import { invalidInput } from '../../../lib/errors.js';
import type { StaffGuard } from '../staff/staff.guard.js';
import type { PriceGuideHolder } from './price-guide.holder.js';
import { priceGuideValue } from './price-guide.mapper.js';

export interface ConsolePriceGuideDependencies {
  guard: Pick<StaffGuard, 'requireStaff'>;
  index: Pick<PriceGuideHolder, 'current' | 'warm'>;
  /** The clock "the last 180 days" is counted back from. */
  now: () => number;
}

/**
 * The price guide for staff listing or editing an item: what comparable items of the region sold
 * for in the last 180 days and are listed for now, and a price suggested for the item's condition
 * (price-guide-index.ts has the rules). Reads the in-memory index only; writes nothing.
 */
export class ConsolePriceGuideService {
  constructor(private readonly deps: ConsolePriceGuideDependencies) {}

  /** Starts building the index (at server start), so the first guide call need not wait for all of it. */
  warm(): void {
    this.deps.index.warm();
  }

  async guide(ctx: Ctx, storeId: number, query: PriceGuideQuery): Promise<PriceGuideValue> {
    await this.deps.guard.requireStaff(ctx, storeId);
    const index = await this.deps.index.current();
    if (!index.hasCategory(query.categoryId)) throw invalidInput('categoryId', 'is not a category');
    const answer = index.guide({
      categoryId: query.categoryId,
      title: query.title,
      brand: query.brand,
      condition: query.condition,
      excludeCode: query.code,
      now: this.deps.now(),
    });
    return priceGuideValue(answer);
  }
}
