import type { StoreRow } from '../db/schema.js';
import type { DbCtx } from '../lib/context.js';

/** The demo's addresses data for the seeded stores (filled in by the addresses work). */
export async function seedAddresses(_handle: DbCtx, _stores: StoreRow[], _seed: number): Promise<void> {}
