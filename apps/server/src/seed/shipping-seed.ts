import type { StoreRow } from '../db/schema.js';
import type { DbCtx } from '../lib/context.js';

/** The demo's shipping data for the seeded stores (filled in by the shipping work). */
export async function seedShipping(_handle: DbCtx, _stores: StoreRow[], _seed: number): Promise<void> {}
