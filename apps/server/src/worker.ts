import { createServices } from './app.js';
import { loadConfig, publicUrl, shopClock } from './config.js';
import { openDatabase } from './db/database.js';
import { prepareSchemaAtStart } from './db/migrate.js';
import { startShopWorker } from './jobs.js';
import { stopOnSignals } from './lib/graceful-shutdown.js';
import { paymentProvidersOnly } from './modules/payments/payment-setup.js';

/**
 * `npm run worker`: the background jobs alone, without HTTP. Run one or more beside servers started
 * with JOBS_IN_PROCESS=false (or beside ordinary servers: they all share one queue safely).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const migrated = await prepareSchemaAtStart(database, config.MIGRATE_ON_START);
  if (migrated.length > 0) console.log(`Migrated ${database.describe}: ${migrated.join(', ')}`);
  // The reconciler asks the providers itself (the sandbox, if any, runs in the server process).
  const services = createServices(config, database, {
    paymentProviders: paymentProvidersOnly(config, publicUrl(config)),
    now: shopClock(config),
  });
  const log = { error: (object: unknown, message?: string) => console.error(message ?? 'error', object) };
  const shop = await startShopWorker(config, database, services, log);
  // The worker's timers do not hold the process open (inside a server the listener does): this does.
  const keepAlive = setInterval(() => undefined, 60_000);
  // SIGTERM: no new job is claimed, the running ones finish, the database closes; bounded by
  // SHUTDOWN_TIMEOUT_SECONDS (a job cut short keeps its lease and is retried when it runs out).
  stopOnSignals({
    name: 'jobs worker',
    timeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    stop: async () => {
      await shop.stop();
      await database.close();
      clearInterval(keepAlive);
    },
  });
  // Announced only once the signals are handled: whoever waits for this line (a supervisor, a test)
  // may stop the worker at once, and a SIGTERM before the handlers would kill it outright.
  console.log(`Jobs worker ${shop.worker.id} (${config.REGION}) on ${database.describe} is running.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
