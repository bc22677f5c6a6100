import type { Region } from '@shop/contract';
import { inTransaction } from '../db/unit-of-work.js';
import { type DbCtx, systemContext } from '../lib/context.js';
import { BannersRepository } from '../modules/banners/banners.repository.js';
import { CatalogueRepository } from '../modules/catalogue/catalogue.repository.js';
import { ContentRepository } from '../modules/content/content.repository.js';
import { seedAddresses } from './addresses-seed.js';
import { CATEGORY_TREE, type LeafCategory } from './catalogue-data.js';
import {
  categorySeeds,
  type GeneratorContext,
  generateProduct,
  generateStores,
  helpPageSeeds,
  storePageSeed,
} from './generator.js';
import { policyPageSeeds } from './policy-pages.js';
import { seedPromotions } from './promotions-seed.js';
import { seedShipping } from './shipping-seed.js';
import { bannerSeeds, noticeSeeds } from './site-content.js';
import { soldHistoryProducts } from './sold-history.js';

export interface SeedOptions {
  products: number;
  seed: number;
  /** Called now and then with how many products are in. */
  onProgress?: (done: number, total: number) => void;
  /**
   * The demo's sales history for the console's price guide (sold-history.ts), dated back from
   * `now`; `extra` more sales of any model. Tests' catalogues leave it out.
   */
  soldHistory?: { now: number; extra?: number };
}

const BATCH = 5000;

/** Replaces the catalogue with a deterministic demo: categories, stores in both regions, content pages and `products` items. */
export async function seedCatalogue(handle: DbCtx, options: SeedOptions): Promise<void> {
  const ctx = systemContext(handle, 'AU');
  const repository = new CatalogueRepository();
  await inTransaction(ctx, (tx) => repository.clearCatalogue(tx));
  const feedBefore = await repository.latestChangeSeq(ctx);

  const leafBySlug = new Map<string, LeafCategory>();
  for (const root of CATEGORY_TREE) for (const leaf of root.children) leafBySlug.set(leaf.slug, leaf);
  const idBySlug = new Map<string, number>();
  const leaves: { id: number; leaf: LeafCategory }[] = [];
  for (const { parentSlug, ...row } of categorySeeds()) {
    const parentId = parentSlug === null ? null : (idBySlug.get(parentSlug) ?? null);
    const id = await repository.insertCategory(ctx, { ...row, parent_id: parentId });
    idBySlug.set(row.slug, id);
    const leaf = leafBySlug.get(row.slug);
    if (leaf) leaves.push({ id, leaf });
  }

  const stores = await repository.insertStores(ctx, generateStores(options.seed));
  const pages = stores.map((s) => storePageSeed({ ...s, region: s.region as Region }));
  for (const region of ['AU', 'UK'] as const) pages.push(...helpPageSeeds(region));
  await inTransaction(ctx, (tx) => repository.insertContentPages(tx, pages));

  const context: GeneratorContext = { stores: stores.map((s) => ({ id: s.id, region: s.region })), leaves };
  for (let start = 0; start < options.products; start += BATCH) {
    const end = Math.min(options.products, start + BATCH);
    const rows: ReturnType<typeof generateProduct>[] = [];
    for (let i = start; i < end; i++) rows.push(generateProduct(i, options.seed, context));
    // One transaction per batch: a synced commit per statement would make a big seed crawl.
    await inTransaction(ctx, (tx) => repository.insertProducts(tx, rows));
    options.onProgress?.(end, options.products);
  }
  if (options.soldHistory) {
    const { now, extra = 0 } = options.soldHistory;
    const sales = soldHistoryProducts(context, options.seed, now, extra);
    for (let start = 0; start < sales.length; start += BATCH) {
      await inTransaction(ctx, (tx) => repository.insertProducts(tx, sales.slice(start, start + BATCH)));
    }
  }
  // The trigger wrote a change row per item; one "rebuild" row says the same for a wholesale load.
  await inTransaction(ctx, async (tx) => {
    await repository.deleteChangesAfter(tx, feedBefore);
    await repository.recordBulkChange(tx, new Date().toISOString());
  });
  // Checkout's demo data, for the stores just made: addresses to look up, postage rates, discount codes.
  await seedAddresses(handle, stores, options.seed);
  await seedShipping(handle, stores, options.seed);
  await seedPromotions(handle, stores, options.seed);
  await seedSiteContent(handle);
  await repository.refreshStatistics(ctx);
}

/**
 * Adds the pages a shop must have (terms, privacy, cookies, returns, warranty, contact) where a
 * region lacks one, on every start and in production too: checkout's terms, the cookie banner and
 * the footer link to them, and a 404 there would leave a shop without its policies. A page that
 * exists is left as it is, so the admin's words stay. Answers how many were added.
 */
export async function ensurePolicyPages(handle: DbCtx): Promise<number> {
  const rows = (['AU', 'UK'] as const).flatMap((region) =>
    policyPageSeeds(region).map((page) => ({
      content_type: 'ContentPage' as const,
      slug: page.slug,
      region,
      name: page.name,
      display_name: page.name,
      description: page.description,
      body_html: page.body,
      store_id: null,
    })),
  );
  return inTransaction(systemContext(handle, 'AU'), (tx) => new ContentRepository().insertMissingHelpPages(tx, rows));
}

/** Replaces the home-page banners and the regional notices (warning about borrowing) with the demo's. */
export async function seedSiteContent(handle: DbCtx): Promise<void> {
  await inTransaction(systemContext(handle, 'AU'), async (tx) => {
    await new BannersRepository().replaceAll(tx, [...bannerSeeds('AU'), ...bannerSeeds('UK')]);
    await new ContentRepository().replaceNotices(tx, noticeSeeds());
  });
}
