import { spawnSync } from 'node:child_process';
import { buildApp } from './app.js';
import { loadConfig, publicUrl, REPO_ROOT, shopClock, webBuildExists } from './config.js';
import { openDatabase } from './db/database.js';
import { prepareSchemaAtStart } from './db/migrate.js';
import { systemContext } from './lib/context.js';
import { drainConnections, stopOnSignals } from './lib/graceful-shutdown.js';
import { preparePayments } from './modules/payments/payment-setup.js';
import { seedDemoCustomer, seedDemoStaff } from './seed/orders-seed.js';
import { ensurePolicyPages, seedCatalogue, seedSiteContent } from './seed/seed.js';

/**
 * Reads config, opens and migrates the database (or, with MIGRATE_ON_START=false, checks that
 * `npm run migrate` has), seeds an empty one with the demo outside production, and listens until
 * SIGTERM or SIGINT, which it answers with a graceful stop.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!webBuildExists(config)) {
    console.log('Building the web app (first start)...');
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The web app failed to build');
  }
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const migrated = await prepareSchemaAtStart(database, config.MIGRATE_ON_START);
  if (migrated.length > 0) console.log(`Migrated ${database.describe}: ${migrated.join(', ')}`);

  // Online payments: the providers offered, pointed at their sandboxes in the demo (PAYMENT_SANDBOX).
  const payments = await preparePayments(
    config,
    publicUrl(config),
    config.HOST === '0.0.0.0' ? '0.0.0.0' : config.HOST,
  );
  const { app, services } = await buildApp(config, database, {
    paymentProviders: payments.providers,
    paymentOrigins: payments.origins,
    now: shopClock(config),
  });
  const system = systemContext(database, config.REGION);
  const production = config.NODE_ENV === 'production';
  if (production) {
    // A real shop's catalogue, staff and customers are its own: demo logins with published
    // passwords must never appear on one, even on an empty database.
    console.log('NODE_ENV=production: no demo data is seeded (no demo catalogue, customer or console logins).');
  } else if (config.DEMO_PRODUCTS > 0 && (await services.catalogue.countProducts(system)) === 0) {
    console.log(`Empty catalogue: seeding a demo of ${config.DEMO_PRODUCTS.toLocaleString('en')} items...`);
    await seedCatalogue(database, {
      products: config.DEMO_PRODUCTS,
      seed: config.DEMO_SEED,
      // Sales over the last 180 days, so the console's price guide has a history to read.
      soldHistory: { now: services.clock() },
    });
    // The demo customer (demo@example.com) with a few past orders in each region.
    await seedDemoCustomer(database);
    services.catalogue.notify();
  } else if (config.DEMO_PRODUCTS > 0 && (await services.banners.count(system)) === 0) {
    // A demo database from before banners existed gets them too.
    await seedSiteContent(database);
  }
  // The policy pages checkout and the cookie banner link to, for a new shop or one from before them.
  const policies = await ensurePolicyPages(database);
  if (policies > 0) {
    console.log(`Added ${policies} policy pages (terms, privacy, cookies, returns, warranty, contact).`);
    services.content.invalidate();
  }
  // The store console's demo logins (admin@example.com, staff@example.com); a no-op once they exist.
  if (!production && config.DEMO_PRODUCTS > 0) await seedDemoStaff(database);
  if (config.CLOCK_OFFSET_MINUTES > 0) {
    console.warn(
      `CLOCK_OFFSET_MINUTES is set: the shop's clock runs ${config.CLOCK_OFFSET_MINUTES} minutes ahead. Demos only.`,
    );
  }
  if (config.DEV_CAPTCHA_ANSWER) {
    console.warn('DEV_CAPTCHA_ANSWER is set: every captcha has the same answer. Never use this on a real shop.');
  }

  // Mail waits in the outbox table; with SMTP_URL the jobs worker (in this process unless
  // JOBS_IN_PROCESS=false) delivers it, retrying failures later.
  // Build the search index before taking traffic, so the first shopper does not wait for it.
  await services.searchIndex.current();
  // The console's price guide index builds meanwhile; the first guide call waits for it if need be.
  services.storeConsole.priceGuide.warm();

  // A graceful stop: no new connections (a front door sends them to another instance), requests in
  // flight answered and their keep-alive connections closed, the in-process job finished (app's
  // onClose hook), then the database closed; bounded by SHUTDOWN_TIMEOUT_SECONDS.
  const connections = drainConnections(app.server);
  stopOnSignals({
    name: 'server',
    timeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    stop: async () => {
      connections.start();
      await app.close();
      await payments.sandbox?.close();
      await database.close();
    },
  });

  // The places tables (postcodes and suburbs, about a second to read): now, not on the first "near me".
  services.places.warm();
  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  console.log(`Marketplace (${config.REGION}) on ${database.describe} is ready at http://${shown}:${config.PORT}/`);
  if (payments.sandbox) {
    console.log(`Payment sandboxes (no real money) at ${payments.sandbox.baseUrl}/`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
