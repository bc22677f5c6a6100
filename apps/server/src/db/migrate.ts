import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DatabaseHandle } from './database.js';
import { catalogueMigration } from './migrations/001-catalogue.js';
import { storefrontMigration } from './migrations/002-storefront.js';
import { cartWishlistMigration } from './migrations/003-cart-wishlist.js';
import { foundationMigration } from './migrations/004-foundation.js';
import { jobsMigration } from './migrations/005-jobs.js';
import { accountsMigration } from './migrations/006-accounts.js';
import { addressesMigration } from './migrations/007-addresses.js';
import { shippingMigration } from './migrations/008-shipping.js';
import { promotionsMigration } from './migrations/009-promotions.js';
import { ordersMigration } from './migrations/010-orders.js';
import { checkoutStateMigration } from './migrations/011-checkout-state.js';
import { splitChoicesMigration } from './migrations/012-split-choices.js';
import { paymentEventsMigration } from './migrations/013-payment-events.js';
import { clearpayConfigurationMigration } from './migrations/014-clearpay-configuration.js';
import { afterSaleMigration } from './migrations/015-after-sale.js';
import { invoiceIssueDateMigration } from './migrations/016-invoice-issue-date.js';
import { savedSearchesMigration } from './migrations/017-saved-searches-and-alerts.js';
import { mailHeadersMigration } from './migrations/018-mail-headers.js';
import { wishlistAlertPromptsMigration } from './migrations/019-wishlist-alert-prompts.js';
import { orderHistoryIndexMigration } from './migrations/020-order-history-index.js';
import { storeConsoleMigration } from './migrations/021-store-console.js';
import { consoleAuditMigration } from './migrations/022-console-audit.js';
import { marketplaceAdminMigration } from './migrations/024-marketplace-admin.js';
import { orderLinkVersionMigration } from './migrations/025-order-link-version.js';
import { pickupCollectByMigration } from './migrations/026-pickup-collect-by.js';

/** One ordered list of migrations; each is written once and runs on both dialects. */
class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly handle: DatabaseHandle) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return {
      '001-catalogue': catalogueMigration(this.handle.dialect),
      '002-storefront': storefrontMigration(this.handle.dialect),
      '003-cart-wishlist': cartWishlistMigration(this.handle.dialect),
      '004-foundation': foundationMigration(this.handle.dialect),
      '005-jobs': jobsMigration(this.handle.dialect),
      '006-accounts': accountsMigration(this.handle.dialect),
      '007-addresses': addressesMigration(this.handle.dialect),
      '008-shipping': shippingMigration(this.handle.dialect),
      '009-promotions': promotionsMigration(this.handle.dialect),
      '010-orders': ordersMigration(this.handle.dialect),
      '011-checkout-state': checkoutStateMigration(this.handle.dialect),
      '012-split-choices': splitChoicesMigration(this.handle.dialect),
      '013-payment-events': paymentEventsMigration(this.handle.dialect),
      '014-clearpay-configuration': clearpayConfigurationMigration(this.handle.dialect),
      '015-after-sale': afterSaleMigration(this.handle.dialect),
      '016-invoice-issue-date': invoiceIssueDateMigration(this.handle.dialect),
      '017-saved-searches-and-alerts': savedSearchesMigration(this.handle.dialect),
      '018-mail-headers': mailHeadersMigration(this.handle.dialect),
      '019-wishlist-alert-prompts': wishlistAlertPromptsMigration(this.handle.dialect),
      '020-order-history-index': orderHistoryIndexMigration(this.handle.dialect),
      '021-store-console': storeConsoleMigration(this.handle.dialect),
      '022-console-audit': consoleAuditMigration(this.handle.dialect),
      '024-marketplace-admin': marketplaceAdminMigration(this.handle.dialect),
      '025-order-link-version': orderLinkVersionMigration(this.handle.dialect),
      '026-pickup-collect-by': pickupCollectByMigration(this.handle.dialect),
    };
  }
}

function migratorFor(handle: DatabaseHandle): Migrator {
  return new Migrator({
    db: handle.db,
    provider: new StaticMigrationProvider(handle),
    // Kysely looks for its bookkeeping tables in any schema unless told which one is ours.
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
}

/**
 * Runs every migration not yet run, and answers their names (none when up to date). Processes
 * starting together on one database take turns: Kysely's migrator holds a lock while it runs (a
 * PostgreSQL advisory lock; SQLite has one writer), and the next finds nothing left to do.
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = migratorFor(handle);
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return (results ?? []).map((r) => r.migrationName);
    // Before it runs anything, Kysely introspects every schema of the database to find its own
    // table; DDL elsewhere in the same database at that moment (a schema being dropped) makes that
    // query fail. Nothing has run then (no results), so trying again is safe.
    if (!failed && results === undefined && isCatalogueRace(error) && attempt < 5) {
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      continue;
    }
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** The migrations this code has that the database has not run yet, by name, in order. */
export async function pendingMigrations(handle: DatabaseHandle): Promise<string[]> {
  const migrations = await migratorFor(handle).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/**
 * What a server or worker does with the schema at start: migrate (MIGRATE_ON_START, the default),
 * or, where a deployment runs `npm run migrate` before starting them, refuse to run on a database
 * that still needs migrations, since code ahead of its schema fails request by request.
 */
export async function prepareSchemaAtStart(handle: DatabaseHandle, migrateOnStart: boolean): Promise<string[]> {
  if (migrateOnStart) return migrateToLatest(handle);
  const pending = await pendingMigrations(handle);
  if (pending.length > 0) {
    throw new Error(
      `The database needs ${pending.length} migration${pending.length === 1 ? '' : 's'} (${pending.join(', ')}) and MIGRATE_ON_START is false: run \`npm run migrate\` first, then start again`,
    );
  }
  return [];
}

/** PostgreSQL's undefined column / table / schema: what a concurrently dropped object looks like. */
function isCatalogueRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '42703' || code === '42P01' || code === '3F000';
}
