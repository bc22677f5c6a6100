import type { AddressInfo } from 'node:net';
import { ANTI_FORGERY_COOKIE, ANTI_FORGERY_HEADER, type Envelope, type FieldError } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp, type Services } from '../app.js';
import { loadConfig, publicUrl } from '../config.js';
import { type Ctx, systemContext } from '../lib/context.js';
import { freePort } from '../lib/free-port.js';
import type { PaymentProvider } from '../modules/payments/payment-provider.js';
import { preparePayments } from '../modules/payments/payment-setup.js';
import type { TestDatabase } from './test-database.js';

export interface TestResponse<T> {
  status: number;
  /** A 400 also carries the fields it refuses as data. */
  body: Envelope<T> & { FieldErrors?: FieldError[] };
  headers: Headers;
}

export interface PostOptions {
  /** Sends the anti-forgery cookie and header as the web app does (default true). */
  antiForgery?: boolean;
  headers?: Record<string, string>;
}

export interface TestServer {
  baseUrl: string;
  /** The payment sandboxes' address (withPayments), e.g. http://127.0.0.1:40123. */
  sandboxUrl: string | null;
  app: FastifyInstance;
  services: Services;
  /** The shop's own context on the test database, for calling services directly. */
  ctx(): Ctx;
  /** Hands counted views on and waits until the in-process worker has run every due job. */
  drainJobs(): Promise<void>;
  /** A new visitor's cookies from the server: the Cookie header to send and the anti-forgery value to echo. */
  visitor(): Promise<Visitor>;
  /** GETs a path over real HTTP and returns the status and parsed JSON body. */
  get<T = unknown>(path: string): Promise<TestResponse<T>>;
  /** POSTs a JSON body over real HTTP, with a matching anti-forgery cookie and header unless told not to. */
  post<T = unknown>(path: string, body: unknown, options?: PostOptions): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

export interface Visitor {
  /** `visitor=...; XSRF-TOKEN=...`, as a browser would send them. */
  cookie: string;
  /** The XSRF-TOKEN value, to echo in the X-XSRF-TOKEN header. */
  token: string;
}

/** Asks the server for a visitor id and its signed anti-forgery value, as a browser's first visit does. */
export async function newVisitor(baseUrl: string): Promise<Visitor> {
  const response = await fetch(`${baseUrl}/c3api/site`);
  await response.arrayBuffer();
  const pairs = response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  // Over HTTPS (PUBLIC_URL https) the names carry the __Host- prefix.
  const xsrf = pairs.find(
    (p) => p.startsWith(`${ANTI_FORGERY_COOKIE}=`) || p.startsWith(`__Host-${ANTI_FORGERY_COOKIE}=`),
  );
  const token = xsrf?.slice(xsrf.indexOf('=') + 1);
  if (!token) throw new Error('the server handed out no anti-forgery cookie');
  return { cookie: pairs.join('; '), token: decodeURIComponent(token) };
}

export interface TestServerOptions {
  logStream?: { write(line: string): void };
  now?: () => number;
  paymentProviders?: PaymentProvider[];
  /**
   * Start the payment sandboxes and the providers PAYMENT_PROVIDERS offers, as main.ts does (the
   * shop then listens on a port chosen first, so its response and webhook URLs are known).
   */
  withPayments?: boolean;
}

/** The real server on a free loopback port, on the given test database. */
export async function startTestServer(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const shopPort = options.withPayments ? await freePort() : 0;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: database.dataDir,
    WEB_DIST: `${database.dataDir}/no-web-build`,
    REGION: 'AU',
    // Each test's database is new: a snapshot of its index would only cost time (tests turn it on).
    SEARCH_SNAPSHOT: 'off',
    ...(options.withPayments
      ? { PORT: String(shopPort), PUBLIC_URL: `http://127.0.0.1:${shopPort}`, PAYMENT_SANDBOX_PORT: '0' }
      : {}),
    ...env,
  });
  const payments = options.withPayments ? await preparePayments(config, publicUrl(config)) : null;
  const { app, services } = await buildApp(config, database.handle, {
    ...options,
    ...(payments
      ? {
          paymentProviders: [...payments.providers, ...(options.paymentProviders ?? [])],
          paymentOrigins: payments.origins,
        }
      : {}),
  });
  app.addHook('onClose', async () => {
    await payments?.sandbox?.close();
  });
  await app.listen({ port: shopPort, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  let visitor: Visitor | null = null;
  return {
    baseUrl,
    sandboxUrl: payments?.sandbox?.baseUrl ?? null,
    app,
    services,
    ctx: () => systemContext(database.handle, config.REGION),
    visitor: () => newVisitor(baseUrl),
    async drainJobs() {
      await services.catalogue.flushViews();
      const deadline = Date.now() + 10_000;
      for (;;) {
        const pending = await database.handle.db
          .selectFrom('jobs')
          .select('id')
          .where('status', 'in', ['queued', 'running'])
          .where('run_at', '<=', Date.now())
          .execute();
        if (pending.length === 0) return;
        if (Date.now() > deadline) throw new Error(`${pending.length} job(s) still pending after 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async get<T>(path: string) {
      const response = await fetch(baseUrl + path);
      const body = (await response.json()) as Envelope<T>;
      return { status: response.status, body, headers: response.headers };
    },
    async post<T>(path: string, payload: unknown, options: PostOptions = {}) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (options.antiForgery !== false) {
        visitor ??= await newVisitor(baseUrl);
        headers.Cookie = visitor.cookie;
        headers[ANTI_FORGERY_HEADER] = visitor.token;
      }
      const response = await fetch(baseUrl + path, {
        method: 'POST',
        headers: { ...headers, ...options.headers },
        body: JSON.stringify(payload),
      });
      const body = (await response.json()) as Envelope<T>;
      return { status: response.status, body, headers: response.headers };
    },
    close: () => app.close(),
  };
}
