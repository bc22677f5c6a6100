import type { StoreRow } from '../db/schema.js';
import type { DbCtx } from '../lib/context.js';

/** The demo's promotions data for the seeded stores (filled in by the promotions work). */
export async function seedPromotions(_handle: DbCtx, _stores: StoreRow[], _seed: number): Promise<void> {}
