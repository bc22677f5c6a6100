import { createServices, type Services } from './app.js';
import { type Config, loadConfig, publicUrl, shopClock } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { type Ctx, systemContext } from './lib/context.js';
import { HttpError } from './lib/errors.js';
import { paymentProvidersOnly } from './modules/payments/payment-setup.js';

/** A command line that makes no sense: the usage is printed and the exit code is 2. */
export class UsageError extends Error {}

/**
 * Runs `work` with the shop's services on its database (DATABASE_URL or DATA_DIR, migrated), as the
 * server would build them (its clock, its offered payment providers), and closes the database after.
 */
export async function withShop<T>(
  work: (shop: { config: Config; services: Services; ctx: Ctx }) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(database);
    const services = createServices(config, database, {
      paymentProviders: paymentProvidersOnly(config, publicUrl(config)),
      now: shopClock(config),
    });
    return await work({ config, services, ctx: systemContext(database, config.REGION) });
  } finally {
    await database.close();
  }
}

/** "49.95" (or "49") to minor units, exactly: no floating point on the way. */
export function parseAmount(text: string | undefined, name: string): number {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (!match) throw new UsageError(`--${name} must be an amount like 49.95`);
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Runs a CLI's main: usage errors print the usage (exit 2), known refusals their message (exit 1). */
export function runCli(usage: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      process.exit(2);
    }
    const known = error instanceof HttpError || error instanceof RangeError;
    console.error(known ? error.message : error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
