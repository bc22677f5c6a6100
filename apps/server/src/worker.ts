import { createServices } from './app.js';
import { loadConfig, publicUrl, shopClock } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { startShopWorker } from './jobs.js';
import { paymentProvidersOnly } from './modules/payments/payment-setup.js';

/**
 * `npm run worker`: the background jobs alone, without HTTP. Run one or more beside servers started
 * with JOBS_IN_PROCESS=false (or beside ordinary servers: they all share one queue safely).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateToLatest(database);
  // The reconciler asks the providers itself (the sandbox, if any, runs in the server process).
  const services = createServices(config, database, {
    paymentProviders: paymentProvidersOnly(config, publicUrl(config)),
    now: shopClock(config),
  });
  const log = { error: (object: unknown, message?: string) => console.error(message ?? 'error', object) };
  const shop = await startShopWorker(config, database, services, log);
  console.log(`Jobs worker ${shop.worker.id} (${config.REGION}) on ${database.describe} is running.`);
  // The worker's timers do not hold the process open (inside a server the listener does): this does.
  const keepAlive = setInterval(() => undefined, 60_000);
  const shutdown = async () => {
    clearInterval(keepAlive);
    await shop.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
