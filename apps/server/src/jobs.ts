import type { Region } from '@shop/contract';
import type { Services } from './app.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { type ContextLogger, systemContext } from './lib/context.js';
import { ADD_VIEWS_JOB } from './modules/catalogue/catalogue.service.js';
import { type JobHandler, JobWorker } from './modules/jobs/job-worker.js';
import type { ScheduleSpec } from './modules/jobs/jobs.service.js';
import { SEND_MAIL_JOB } from './modules/mail/mail.service.js';
import { MailSender } from './modules/mail/mail-sender.js';
import {
  CLEARPAY_CONFIGURATION_JOB,
  runClearpayConfiguration,
} from './modules/payments/providers/clearpay/clearpay-configuration.job.js';
import {
  GLOBALPAY_SETTLE_JOB,
  runGlobalPaySettle,
} from './modules/payments/providers/globalpay/globalpay.settlement.js';
import type { DigestJob } from './modules/saved-searches/digest.service.js';
import {
  DIGEST_CADENCES,
  DIGEST_RUN_JOB,
  DIGEST_SEND_JOB,
  digestScheduleName,
} from './modules/saved-searches/digest-schedule.js';
import { WISHLIST_ALERT_SEND_JOB, WISHLIST_ALERTS_JOB } from './modules/wishlist/wishlist-alert.service.js';

/** The shop's job types: one place that says what runs in the background. */
export const JobType = {
  /** Send what is due in the mail outbox (queued per message, and every minute for retries). */
  sendMail: SEND_MAIL_JOB,
  /** Add counted product-page views to popularity. */
  addViews: ADD_VIEWS_JOB,
  /** Forget finished jobs after a week. */
  cleanup: 'jobs.cleanup',
  /** End order holds that ran out (unpaid online orders, uncollected pay-in-store orders). */
  expireHolds: 'checkout.expire-holds',
  /** Ask the providers about online payments left open (so no shopper is charged without an order). */
  reconcilePayments: 'payments.reconcile',
  /** Delete expired sessions, old password-reset links and unfinished passkey ceremonies. */
  accountsCleanup: 'accounts.cleanup',
  /** One frequency's saved-search alerts: queue a digest job per due search (payload: { frequency }). */
  digestRun: DIGEST_RUN_JOB,
  /** One saved search's digest for one period (keyed digest:{searchId}:{periodStart}). */
  digestSend: DIGEST_SEND_JOB,
} as const;

/** The time zone a region's local schedules (digests, clean-ups) run in. */
export const REGION_TIME_ZONE: Record<Region, string> = { AU: 'Australia/Sydney', UK: 'Europe/London' };

export interface ShopWorker {
  worker: JobWorker;
  stop(): Promise<void>;
}

/**
 * Builds the shop's worker: its handlers and recurring schedules. The server starts one in-process
 * (JOBS_IN_PROCESS, the default) and `npm run worker` runs one alone; any number may share a
 * PostgreSQL queue.
 */
export async function startShopWorker(
  config: Config,
  database: Pick<DatabaseHandle, 'db' | 'dialect'>,
  services: Services,
  log?: ContextLogger,
): Promise<ShopWorker> {
  const sender = config.SMTP_URL ? new MailSender(database, config.SMTP_URL, config.MAIL_FROM) : null;
  const handlers: Record<string, JobHandler> = {
    [JobType.addViews]: async (ctx, job) => {
      await services.catalogue.addViews(ctx, job.payload as [number, number][]);
    },
    [JobType.cleanup]: async (ctx) => {
      await services.jobs.cleanup(ctx, 7);
    },
    [JobType.expireHolds]: async (ctx) => {
      await services.holdExpiry.run(ctx);
    },
    [JobType.reconcilePayments]: async (ctx) => {
      await services.paymentReconciler.run(ctx);
    },
    [CLEARPAY_CONFIGURATION_JOB]: (ctx) => runClearpayConfiguration(ctx, services),
    [GLOBALPAY_SETTLE_JOB]: (ctx, job) => runGlobalPaySettle(ctx, services, job.payload),
    [JobType.accountsCleanup]: async (ctx) => {
      await services.sessions.deleteExpired(ctx);
      await services.accounts.deleteOldResets(ctx);
      await services.passkeys.deleteExpiredCeremonies(ctx);
      await services.verification.deleteOldCodes(ctx);
    },
  };
  // Wishlist alerts: the hourly run queues one send job per wishlist with news (keyed by the hour).
  handlers[WISHLIST_ALERTS_JOB] = async (ctx) => {
    await services.wishlistAlerts.queueDue(ctx);
  };
  handlers[WISHLIST_ALERT_SEND_JOB] = async (ctx, job) => {
    const { wishlistId } = job.payload as { wishlistId: number };
    await services.wishlistAlerts.send(ctx, wishlistId);
  };
  const schedules: ScheduleSpec[] = [
    {
      name: WISHLIST_ALERTS_JOB,
      type: WISHLIST_ALERTS_JOB,
      cadence: { hourly: { minute: 20 } },
      timeZone: REGION_TIME_ZONE[config.REGION],
    },
    {
      name: CLEARPAY_CONFIGURATION_JOB,
      type: CLEARPAY_CONFIGURATION_JOB,
      cadence: { daily: { hour: 4, minute: 15 } },
      timeZone: REGION_TIME_ZONE[config.REGION],
    },
    {
      name: 'jobs.cleanup',
      type: JobType.cleanup,
      cadence: { daily: { hour: 3, minute: 30 } },
      timeZone: REGION_TIME_ZONE[config.REGION],
    },
    {
      name: 'checkout.expire-holds',
      type: JobType.expireHolds,
      cadence: { every: { seconds: 60 } },
      timeZone: 'UTC',
    },
    {
      name: 'payments.reconcile',
      type: JobType.reconcilePayments,
      cadence: { every: { seconds: 60 } },
      timeZone: 'UTC',
    },
    { name: GLOBALPAY_SETTLE_JOB, type: GLOBALPAY_SETTLE_JOB, cadence: { every: { seconds: 600 } }, timeZone: 'UTC' },
    {
      name: 'accounts.cleanup',
      type: JobType.accountsCleanup,
      cadence: { daily: { hour: 3, minute: 45 } },
      timeZone: REGION_TIME_ZONE[config.REGION],
    },
  ];
  if (sender) {
    // Without SMTP_URL mail stays in the outbox and nothing claims these jobs.
    // A message that fails keeps its own back-off in the outbox; the minutely run retries it.
    handlers[JobType.sendMail] = async () => {
      await sender.sendPending();
    };
    schedules.push({
      name: 'mail.retry',
      type: JobType.sendMail,
      cadence: { every: { seconds: 60 } },
      timeZone: 'UTC',
    });
  }
  // Saved-search alerts: hourly, daily 07:00, Monday 07:00 and the 1st 07:00 in the region's time zone.
  handlers[JobType.digestRun] = async (ctx, job) => {
    await services.digests.queueDue(ctx, (job.payload as { frequency: number }).frequency);
  };
  handlers[JobType.digestSend] = async (ctx, job) => {
    await services.digests.send(ctx, job.payload as DigestJob);
  };
  for (const [frequency, cadence] of Object.entries(DIGEST_CADENCES)) {
    schedules.push({
      name: digestScheduleName(Number(frequency)),
      type: JobType.digestRun,
      payload: { frequency: Number(frequency) },
      cadence,
      timeZone: REGION_TIME_ZONE[config.REGION],
    });
  }
  const worker = new JobWorker({
    handle: database,
    region: config.REGION,
    jobs: services.jobs,
    handlers,
    now: services.clock,
    ...(log ? { log } : {}),
  });
  const ctx = systemContext(database, config.REGION, log);
  for (const schedule of schedules) await services.jobs.schedule(ctx, schedule);
  worker.start();
  return {
    worker,
    async stop() {
      await worker.stop();
      sender?.close();
    },
  };
}
