import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Regions } from '@shop/contract';
import { z } from 'zod';

/** The repository root, so that ./data and the web build resolve the same from any working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** An on/off setting: true/false, 1/0, yes/no or on/off. */
function flag(defaultValue: boolean) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(v), {
      message: "must be 'true' or 'false'",
    })
    .transform((v) => ['true', '1', 'yes', 'on'].includes(v))
    .default(defaultValue);
}

/** Optional text where an empty value means "not set". */
function optionalText() {
  return z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v));
}

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  REGION: z.enum(Regions).default('AU'),
  /** Empty means the embedded SQLite file under DATA_DIR; postgres://... switches to PostgreSQL. */
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || /^(postgres(ql)?:\/\/|file:|sqlite:)/.test(v), {
      message: 'must be a postgres:// URL or a sqlite: / file: path',
    }),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  /** How many items the demo catalogue gets when the server starts on an empty database (0 = none). */
  DEMO_PRODUCTS: z.coerce.number().int().min(0).default(3000),
  DEMO_SEED: z.coerce.number().int().default(1),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Run the background jobs inside the server (default); false when `npm run worker` processes run them. */
  JOBS_IN_PROCESS: flag(true),
  /**
   * Bring the database schema up to date at start (default; instances starting together take turns
   * under the migrator's lock). false where a deployment runs `npm run migrate` first: a server or
   * worker that then finds migrations still to run refuses to start, saying so.
   */
  MIGRATE_ON_START: flag(true),
  /**
   * On SIGTERM or SIGINT the server stops taking connections, finishes the requests in flight and
   * the job it is running, closes the database and exits 0; past this many seconds it exits anyway
   * (code 1), saying so. Keep it under the process manager's own stop timeout.
   */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  /** Keep recent search and suggestion answers until the catalogue changes (off: compute every one; benchmarks). */
  SEARCH_ANSWER_CACHE: flag(true),
  /** Feature flags the page reads from GET /c3api/site. */
  WISHLISTS_ENABLED: flag(true),
  /** Tax invoices (AU GST tax invoices, UK VAT receipts) on order detail and /gst-invoice (account.md 2.3, 2.6). */
  GST_INVOICES_ENABLED: flag(true),
  DISCOUNTS_ENABLED: flag(true),
  WISHLIST_ALERTS_ENABLED: flag(true),
  SAVED_SEARCHES_ENABLED: flag(true),
  /** How long items stay held for an order waiting for its online payment (minutes). */
  ONLINE_PAYMENT_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /**
   * How long an online payment attempt may stay open (no word from the browser or a notification)
   * before the reconciler asks its provider (seconds).
   */
  PAYMENT_RECONCILE_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(24 * 60 * 60)
    .default(180),
  /**
   * How long after an attempt was cancelled the reconciler asks its provider once more, in case the
   * shopper paid on the provider's own page after all (Eway, Global Payments) (minutes).
   */
  PAYMENT_LATE_CHECK_AFTER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(12 * 60)
    .default(60),
  /** 'production' on a real shop: the payment sandboxes then refuse to start. */
  NODE_ENV: optionalText(),
  /**
   * Demos and journeys only: the shop's clock runs this many minutes ahead of the machine's (the
   * schedules, alert periods, holds and sessions all read it), so an hourly alert can be seen
   * without waiting an hour. Refused when NODE_ENV is production.
   */
  CLOCK_OFFSET_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(366 * 24 * 60)
    .default(0),
  /**
   * The payment providers' sandboxes (their APIs, pages and scripts, played over real HTTP on a
   * port of their own) for the demo and the tests. Default: on unless NODE_ENV is production, where
   * turning it on is refused.
   */
  PAYMENT_SANDBOX: optionalText().pipe(flag(true).optional()),
  /** The sandboxes' port (default PORT + 1; 0 picks a free one). */
  PAYMENT_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * The online payment options offered, comma-separated (Eway, GlobalPay, PayPal, Clearpay), or
   * `none`. Unset: the region's own (AU: Eway, PayPal; UK: GlobalPay, PayPal, Clearpay). Each also
   * needs its credentials below, or the sandbox. Pay in store is always offered for pickup.
   */
  PAYMENT_PROVIDERS: z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v.trim() === ''
        ? null
        : v
            .split(',')
            .map((name) => name.trim())
            .filter((name) => name !== '' && name.toLowerCase() !== 'none'),
    )
    .refine((names) => names === null || names.every((n) => ['Eway', 'GlobalPay', 'PayPal', 'Clearpay'].includes(n)), {
      message: "must list Eway, GlobalPay, PayPal or Clearpay (comma-separated), or be 'none'",
    }),
  /** Eway Rapid (AU cards). Without a URL and credentials, the sandbox's when PAYMENT_SANDBOX is on. */
  EWAY_API_URL: optionalText(),
  EWAY_API_KEY: optionalText(),
  EWAY_API_PASSWORD: optionalText(),
  EWAY_SCRIPT_URL: optionalText(),
  /** Global Payments HPP (UK cards). */
  GLOBALPAY_HPP_URL: optionalText(),
  GLOBALPAY_API_URL: optionalText(),
  GLOBALPAY_MERCHANT_ID: optionalText(),
  GLOBALPAY_ACCOUNT: optionalText(),
  GLOBALPAY_SHARED_SECRET: optionalText(),
  GLOBALPAY_REBATE_PASSWORD: optionalText(),
  /** PayPal Orders v2 (and pay later). */
  PAYPAL_API_URL: optionalText(),
  PAYPAL_CLIENT_ID: optionalText(),
  PAYPAL_CLIENT_SECRET: optionalText(),
  PAYPAL_WEBHOOK_ID: optionalText(),
  PAYPAL_SDK_URL: optionalText(),
  /** Clearpay (UK buy now, pay later). */
  CLEARPAY_API_URL: optionalText(),
  CLEARPAY_MERCHANT_ID: optionalText(),
  CLEARPAY_SECRET_KEY: optionalText(),
  /**
   * Keep the search index in DATA_DIR/search-index-<region>.snapshot, so that a restart reads it
   * back instead of the whole catalogue. Off for throw-away setups (tests).
   */
  SEARCH_SNAPSHOT: flag(true),
  /** Characters typed before the search bar asks for suggestions. */
  SUGGESTION_MIN_LENGTH: z.coerce.number().int().min(1).max(20).default(3),
  /** The shop's address as shoppers reach it, for links in e-mails; default http://localhost:PORT. */
  PUBLIC_URL: optionalText().pipe(
    z
      .string()
      .regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, 'must be an http:// or https:// address')
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  /** smtp://user:pass@host:587 or smtps://...; without it mail waits in the outbox table. */
  SMTP_URL: optionalText().pipe(
    z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Secondhand <no-reply@secondhand.example>'),
  /**
   * GET /c3api/dev/outbox lists queued mail. Only the exact value 'true' turns it on. Refused when
   * NODE_ENV is production: it would show anyone every shopper's reset links and codes.
   */
  DEV_MAILBOX: z
    .enum(['true', 'false'], { message: "must be 'true' or 'false'" })
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * The server's secret for signatures (anti-forgery values now; signed links later): at least 32
   * characters. Unset: one is generated into DATA_DIR/secret-key on first start and kept there.
   * Every instance behind a load balancer needs the same value, so production requires it.
   */
  SECRET_KEY: optionalText().pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * Behind a load balancer or reverse proxy: 'true' trusts X-Forwarded-For/-Proto from any hop,
   * a number trusts that many hops, or a comma-separated list of proxy addresses/CIDRs. Rate
   * limits then see the shopper's address, and https at the proxy makes cookies Secure.
   */
  TRUST_PROXY: optionalText().pipe(
    z
      .string()
      .regex(/^(true|false|\d{1,2}|[0-9a-fA-F.:/,\s]+)$/, "must be 'true', 'false', a hop count or a list of addresses")
      .optional()
      .transform((v): boolean | number | string[] => {
        if (v === undefined || v === 'false') return false;
        if (v === 'true') return true;
        if (/^\d+$/.test(v)) return Number(v);
        return v
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean);
      }),
  ),
  /**
   * The bearer token Prometheus sends to GET /metrics (`Authorization: Bearer <token>`), at least 16
   * characters. Unset: /metrics answers 404, so a shop that does not scrape shows nothing.
   */
  METRICS_TOKEN: optionalText().pipe(
    z
      .string()
      .regex(/^\S{16,}$/, 'must be at least 16 characters, without spaces')
      .optional(),
  ),
  /**
   * Demos and browser tests only: every captcha challenge gets this answer (still drawn, still
   * single use), so a scripted journey can complete a form. Refused when NODE_ENV is production.
   */
  DEV_CAPTCHA_ANSWER: optionalText().pipe(
    z
      .string()
      // The captcha's own alphabet (modules/captcha/captcha-image.ts), in either case.
      .regex(/^[ACDEFGHJKLMNPRTUVWXY34679]{5}$/i, 'must be 5 characters of ACDEFGHJKLMNPRTUVWXY34679')
      .optional(),
  ),
});

export type Config = z.infer<typeof ConfigSchema>;

/** The region's online payment options when PAYMENT_PROVIDERS is unset. */
const REGION_PAYMENT_PROVIDERS: Record<'AU' | 'UK', string[]> = {
  AU: ['Eway', 'PayPal'],
  UK: ['GlobalPay', 'PayPal', 'Clearpay'],
};

/** The online payment options this shop offers (PAYMENT_PROVIDERS, or the region's own). */
export function offeredPaymentProviders(config: Pick<Config, 'PAYMENT_PROVIDERS' | 'REGION'>): string[] {
  return config.PAYMENT_PROVIDERS ?? REGION_PAYMENT_PROVIDERS[config.REGION];
}

/** Whether the payment sandboxes run: on by default, never when NODE_ENV is production. */
export function paymentSandboxOn(config: Pick<Config, 'PAYMENT_SANDBOX' | 'NODE_ENV'>): boolean {
  return config.PAYMENT_SANDBOX ?? config.NODE_ENV !== 'production';
}

/** The sandboxes' port: PAYMENT_SANDBOX_PORT, or the shop's port + 1 (0 stays 0: any free port). */
export function paymentSandboxPort(config: Pick<Config, 'PAYMENT_SANDBOX_PORT' | 'PORT'>): number {
  return config.PAYMENT_SANDBOX_PORT ?? (config.PORT === 0 ? 0 : config.PORT + 1);
}

/**
 * Settings that exist for demos and tests. A production start refuses each one that is on, naming
 * it, rather than quietly ignoring it: an operator who copied a demo's environment learns at once.
 */
export const DEVELOPMENT_SWITCHES: ReadonlyArray<{
  setting: keyof Config;
  isOn: (config: Config) => boolean;
  reason: string;
}> = [
  {
    setting: 'PAYMENT_SANDBOX',
    isOn: (config) => config.PAYMENT_SANDBOX === true,
    reason: 'the payment sandboxes never run in production',
  },
  {
    setting: 'CLOCK_OFFSET_MINUTES',
    isOn: (config) => config.CLOCK_OFFSET_MINUTES !== 0,
    reason: 'the clock is never moved in production',
  },
  {
    setting: 'DEV_MAILBOX',
    isOn: (config) => config.DEV_MAILBOX,
    reason: "the development outbox would show anyone every shopper's mail, never in production",
  },
  {
    setting: 'DEV_CAPTCHA_ANSWER',
    isOn: (config) => config.DEV_CAPTCHA_ANSWER !== undefined,
    reason: 'a fixed captcha answer would let any script through, never in production',
  },
];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  if (parsed.data.NODE_ENV === 'production') {
    const refused = DEVELOPMENT_SWITCHES.find((candidate) => candidate.isOn(parsed.data));
    if (refused) throw new Error(`Invalid configuration: ${refused.setting}: ${refused.reason} (NODE_ENV=production)`);
    // A key generated per data folder differs on every machine: one instance would refuse the
    // anti-forgery values and signed links another made.
    if (parsed.data.SECRET_KEY === undefined) {
      throw new Error(
        'Invalid configuration: SECRET_KEY: must be set in production (NODE_ENV=production), the same on every instance and worker (e.g. openssl rand -base64 48)',
      );
    }
  }
  return parsed.data;
}

/** The shop's clock: the machine's, moved ahead by CLOCK_OFFSET_MINUTES in a demo or a journey. */
export function shopClock(config: Pick<Config, 'CLOCK_OFFSET_MINUTES'>): () => number {
  const offsetMs = config.CLOCK_OFFSET_MINUTES * 60_000;
  return offsetMs === 0 ? Date.now : () => Date.now() + offsetMs;
}

/** Where shoppers reach the shop, without a trailing slash. */
export function publicUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}

/** True when shoppers reach the shop over HTTPS, so every cookie must be Secure and __Host-. */
export function servedOverHttps(config: Pick<Config, 'PUBLIC_URL'>): boolean {
  return config.PUBLIC_URL?.startsWith('https://') ?? false;
}

/**
 * SECRET_KEY, or the one kept in DATA_DIR/secret-key (made on first start, readable by the
 * owner only), so the two commands work without configuration and restarts keep every signature.
 */
export function resolveSecretKey(config: Pick<Config, 'SECRET_KEY' | 'DATA_DIR'>): string {
  if (config.SECRET_KEY) return config.SECRET_KEY;
  const file = path.join(config.DATA_DIR, 'secret-key');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  } catch {
    // Another process made it first: use theirs.
    return readFileSync(file, 'utf8').trim();
  }
  return key;
}

export function webBuildExists(config: Config): boolean {
  return existsSync(path.join(config.WEB_DIST, 'index.html'));
}
