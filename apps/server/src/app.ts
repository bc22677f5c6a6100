import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import { failure } from '@shop/contract';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { type Config, publicUrl, resolveSecretKey, servedOverHttps } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { pendingMigrations } from './db/migrate.js';
import { REGION_TIME_ZONE, type ShopWorker, startShopWorker } from './jobs.js';
import { issueVisitor, registerAntiForgery } from './lib/anti-forgery.js';
import { guestViewer, systemContext, type Viewer } from './lib/context.js';
import { readCookie } from './lib/cookies.js';
import { GENERIC_ERROR_MESSAGE, HttpError } from './lib/errors.js';
import { requestLogSerializers } from './lib/log-redaction.js';
import { RateLimiter } from './lib/rate-limit.js';
import { type ApiRoute, registerRoutes } from './lib/route.js';
import { loadPageRenderer } from './lib/server-render.js';
import { INDEX_CACHE_CONTROL, registerStaticWeb } from './lib/static-web.js';
import { isTokenShape } from './lib/tokens.js';
import { accountRoutes } from './modules/accounts/accounts.routes.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { PasswordHasher } from './modules/accounts/password-hasher.js';
import { addressRoutes } from './modules/addresses/addresses.routes.js';
import { AddressesService } from './modules/addresses/addresses.service.js';
import { bannerRoutes } from './modules/banners/banners.routes.js';
import { BannersService } from './modules/banners/banners.service.js';
import { captchaRoutes } from './modules/captcha/captcha.routes.js';
import { CaptchaService } from './modules/captcha/captcha.service.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_SECONDS, CartService } from './modules/cart/cart.service.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { ADD_VIEWS_JOB, CatalogueService } from './modules/catalogue/catalogue.service.js';
import { checkoutRoutes } from './modules/checkout/checkout.routes.js';
import { CheckoutService } from './modules/checkout/checkout.service.js';
import { clearpayRoutes } from './modules/checkout/clearpay-payment.routes.js';
import { ewayRoutes } from './modules/checkout/eway-payment.routes.js';
import { FinishPaymentFlow } from './modules/checkout/finish-payment.flow.js';
import { globalpayRoutes } from './modules/checkout/globalpay-payment.routes.js';
import { HoldExpiry } from './modules/checkout/holds.js';
import { ItemPostage } from './modules/checkout/item-postage.js';
import { itemPostageRoutes } from './modules/checkout/item-postage.routes.js';
import { PaymentReconciler } from './modules/checkout/payment-reconciler.js';
import { PaymentReturns } from './modules/checkout/payment-returns.js';
import { paypalRoutes } from './modules/checkout/paypal-payment.routes.js';
import { DEFAULT_HOLDS, PlaceOrderFlow } from './modules/checkout/place-order.flow.js';
import { postageRoutes } from './modules/checkout/postage.routes.js';
import { unfinishedPaymentRoutes } from './modules/checkout/unfinished-payment.routes.js';
import { UnfinishedPayments } from './modules/checkout/unfinished-payments.js';
import { ConsoleAdminService } from './modules/console/admin/admin.service.js';
import { ConsoleAuditService } from './modules/console/audit/audit.service.js';
import { type StoreConsoleServices, storeConsoleRoutes } from './modules/console/console.routes.js';
import { ConsoleFulfilmentService } from './modules/console/fulfilment/fulfilment.service.js';
import { ConsolePagesService } from './modules/console/pages/pages.service.js';
import { PriceGuideHolder } from './modules/console/price-guide/price-guide.holder.js';
import { ConsolePriceGuideService } from './modules/console/price-guide/price-guide.service.js';
import { ConsoleSettingsService } from './modules/console/settings/settings.service.js';
import { StaffGuard } from './modules/console/staff/staff.guard.js';
import { ConsoleStaffService } from './modules/console/staff/staff.service.js';
import { ConsoleStockService } from './modules/console/stock/stock.service.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { ContentService } from './modules/content/content.service.js';
import { enquiryRoutes } from './modules/enquiries/enquiries.routes.js';
import { EnquiriesService } from './modules/enquiries/enquiries.service.js';
import { imageRoutes } from './modules/images/images.routes.js';
import { invoiceRoutes } from './modules/invoices/invoice.routes.js';
import { InvoiceService } from './modules/invoices/invoice.service.js';
import { JobsService } from './modules/jobs/jobs.service.js';
import { devMailboxRoutes } from './modules/mail/mail.routes.js';
import { MailService } from './modules/mail/mail.service.js';
import { metricsRoutes, readinessRoutes } from './modules/metrics/metrics.routes.js';
import { MetricsService } from './modules/metrics/metrics.service.js';
import { ReadinessService } from './modules/metrics/readiness.service.js';
import { FulfilmentService } from './modules/orders/fulfilment.service.js';
import { OrderHistoryService } from './modules/orders/order-history.service.js';
import { OrderLinks } from './modules/orders/order-links.js';
import { orderRoutes } from './modules/orders/orders.routes.js';
import { OrdersService } from './modules/orders/orders.service.js';
import { passkeyRoutes } from './modules/passkeys/passkeys.routes.js';
import { PasskeysService } from './modules/passkeys/passkeys.service.js';
import type { PaymentProvider } from './modules/payments/payment-provider.js';
import { PaymentsService } from './modules/payments/payments.service.js';
import { GenericProvider } from './modules/payments/providers/generic/generic.provider.js';
import { placeRoutes } from './modules/places/places.routes.js';
import { PlacesService } from './modules/places/places.service.js';
import { PromotionsService } from './modules/promotions/promotions.service.js';
import { digestRoutes } from './modules/saved-searches/digest.routes.js';
import { DigestService } from './modules/saved-searches/digest.service.js';
import { DigestLinks } from './modules/saved-searches/digest-links.js';
import { savedSearchRoutes } from './modules/saved-searches/saved-searches.routes.js';
import { SavedSearchesService } from './modules/saved-searches/saved-searches.service.js';
import { PopularService } from './modules/search/popular.service.js';
import { PredictiveService } from './modules/search/predictive.service.js';
import { answerKeeping } from './modules/search/result-cache.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { SearchService } from './modules/search/search.service.js';
import { SearchIndexHolder } from './modules/search/search-index.holder.js';
import { SimilarService } from './modules/search/similar.service.js';
import { type Clock, SESSION_COOKIE, SessionsService } from './modules/sessions/sessions.service.js';
import { ShippingService } from './modules/shipping/shipping.service.js';
import { gatedBy } from './modules/site/feature-gate.js';
import { healthRoutes, siteRoutes } from './modules/site/site.routes.js';
import { SiteService } from './modules/site/site.service.js';
import { storeRoutes } from './modules/stores/stores.routes.js';
import { StoresService } from './modules/stores/stores.service.js';
import { verificationRoutes } from './modules/verification/verification.routes.js';
import { VerificationService } from './modules/verification/verification.service.js';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.js';
import { WishlistService } from './modules/wishlist/wishlist.service.js';
import { wishlistAlertRoutes } from './modules/wishlist/wishlist-alert.routes.js';
import { WishlistAlertService } from './modules/wishlist/wishlist-alert.service.js';
import { buildOpenApiDocument, openApiRoute } from './openapi/openapi.js';

export interface Services {
  /** The clock every service reads (the machine's, a journey's moved one, or a test's). */
  clock: Clock;
  site: SiteService;
  catalogue: CatalogueService;
  stores: StoresService;
  /** Where the shopper is: postcodes, suburbs, UK districts and lat,lng as points (search and the store finder). */
  places: PlacesService;
  content: ContentService;
  banners: BannersService;
  searchIndex: SearchIndexHolder;
  search: SearchService;
  predictive: PredictiveService;
  similar: SimilarService;
  popular: PopularService;
  captcha: CaptchaService;
  mail: MailService;
  enquiries: EnquiriesService;
  cart: CartService;
  wishlist: WishlistService;
  wishlistAlerts: WishlistAlertService;
  jobs: JobsService;
  sessions: SessionsService;
  accounts: AccountsService;
  passkeys: PasskeysService;
  addresses: AddressesService;
  shipping: ShippingService;
  promotions: PromotionsService;
  orders: OrdersService;
  orderHistory: OrderHistoryService;
  fulfilment: FulfilmentService;
  payments: PaymentsService;
  placeOrder: PlaceOrderFlow;
  holdExpiry: HoldExpiry;
  finishPayment: FinishPaymentFlow;
  unfinishedPayments: UnfinishedPayments;
  paymentReconciler: PaymentReconciler;
  checkout: CheckoutService;
  invoices: InvoiceService;
  /** Saved-search alerts: the digest jobs and the one-click unsubscribe. */
  digests: DigestService;
  verification: VerificationService;
  savedSearches: SavedSearchesService;
  /** The store console: its guard, staff, stock, fulfilment, audit trail, settings and admin. */
  storeConsole: StoreConsoleServices;
  /** What Prometheus reads at /metrics, and whether this instance is ready for traffic (/readyz). */
  metrics: MetricsService;
  readiness: ReadinessService;
}

export interface ServiceOptions {
  /** The clock sessions, resets and throttles read (tests move it). */
  now?: Clock;
  /** Payment providers besides Generic (tests register a stand-in for an online provider here). */
  paymentProviders?: PaymentProvider[];
}

export function createServices(config: Config, database: DatabaseHandle, options: ServiceOptions = {}): Services {
  const now = options.now ?? Date.now;
  // The shop's own context, for work no request asked for (the search index, counted views).
  const system = systemContext(database, config.REGION);
  const jobs = new JobsService(now);
  const stores = new StoresService(now);
  const places = new PlacesService();
  // Counted views leave the process as a job, so any worker adds them and a restart loses none queued.
  const catalogue = new CatalogueService(
    stores,
    async (views) => {
      await jobs.enqueue(system, { type: ADD_VIEWS_JOB, payload: views });
    },
    now,
  );
  const content = new ContentService();
  const searchIndex = new SearchIndexHolder(system, catalogue, stores, {
    snapshotDir: config.SEARCH_SNAPSHOT ? config.DATA_DIR : null,
    log: config.LOG_LEVEL === 'silent' ? undefined : (line) => console.log(line),
  });
  answerKeeping.enabled = config.SEARCH_ANSWER_CACHE;
  const captcha = new CaptchaService(config.DEV_CAPTCHA_ANSWER);
  const mail = new MailService(config.SMTP_URL ? { jobs } : null);
  // An item held by the shopper's own unpaid order counts as theirs in their cart (checkout answers which).
  const cart: CartService = new CartService(catalogue, (ctx, cartId, ids) =>
    unfinishedPayments.ownHolds(ctx, cartId, ids),
  );
  const wishlist = new WishlistService(catalogue);
  const sessions = new SessionsService(now);
  // Feature flags as shoppers get them (the admin's switch and the environment's), for every check.
  const site = new SiteService(config);
  const orders = new OrdersService();
  // E-mail verification (codes through the outbox) serves saved searches and wishlist alerts alike.
  const verification = new VerificationService({ mail, secret: resolveSecretKey(config), now });
  const savedSearches = new SavedSearchesService({ verification, now });
  const accounts = new AccountsService({
    savedSearches,
    sessions,
    cart,
    wishlist,
    orders,
    mail,
    hasher: new PasswordHasher(),
    limiter: new RateLimiter(now),
    now,
    publicUrl: publicUrl(config),
    flags: async (ctx) => ({
      wishlistsEnabled: await site.enabled(ctx, 'WishlistsEnabled'),
      savedSearchesEnabled: await site.enabled(ctx, 'SavedSearchesEnabled'),
    }),
  });
  // Passkeys belong to the host shoppers use (PUBLIC_URL), and answer only to its exact origin.
  const shopUrl = new URL(publicUrl(config));
  const passkeys = new PasskeysService(
    accounts,
    { id: shopUrl.hostname, name: 'Secondhand', origin: shopUrl.origin },
    now,
  );
  const promotions = new PromotionsService(now, (ctx) => site.enabled(ctx, 'DiscountsEnabled'));
  const links = new OrderLinks(resolveSecretKey(config), publicUrl(config), now);
  const shipping = new ShippingService();
  const payments = new PaymentsService([new GenericProvider(), ...(options.paymentProviders ?? [])]);
  const finishPayment = new FinishPaymentFlow({
    orders,
    catalogue,
    cart,
    payments,
    stores,
    mail,
    links,
    discounts: promotions,
    now,
    publicUrl: publicUrl(config),
  });
  const placeOrder = new PlaceOrderFlow({
    cart,
    catalogue,
    stores,
    orders,
    payments,
    mail,
    now,
    holds: { ...DEFAULT_HOLDS, onlineMs: config.ONLINE_PAYMENT_HOLD_MINUTES * 60 * 1000 },
    links,
    discounts: promotions,
    shipping,
    finish: finishPayment,
    publicUrl: publicUrl(config),
  });
  const unfinishedPayments: UnfinishedPayments = new UnfinishedPayments({
    cart,
    orders,
    payments,
    finishPayment,
    now,
    onlineHoldMs: config.ONLINE_PAYMENT_HOLD_MINUTES * 60 * 1000,
    publicUrl: publicUrl(config),
  });
  // One fulfilment service for the console's routes and `npm run order`.
  const fulfilment = new FulfilmentService({
    orders,
    catalogue,
    payments,
    stores,
    mail,
    links,
    discounts: promotions,
    now,
    publicUrl: publicUrl(config),
  });
  const search = new SearchService(config.REGION, searchIndex, catalogue, content, places);
  const digests = new DigestService({
    search,
    catalogue,
    mail,
    jobs,
    links: new DigestLinks(resolveSecretKey(config), publicUrl(config)),
    timeZone: REGION_TIME_ZONE[config.REGION],
    now,
    offered: (ctx) => site.enabled(ctx, 'SavedSearchesEnabled'),
  });
  const services: Omit<Services, 'storeConsole'> = {
    clock: now,
    metrics: new MetricsService({ database, ctx: system, jobs, searchIndex, now }),
    readiness: new ReadinessService({
      ctx: system,
      pendingMigrations: () => pendingMigrations(database),
      searchIndex,
    }),
    digests,
    site,
    catalogue,
    stores,
    places,
    content,
    banners: new BannersService(),
    searchIndex,
    search,
    predictive: new PredictiveService(searchIndex, catalogue),
    similar: new SimilarService(searchIndex, catalogue),
    popular: new PopularService(searchIndex, catalogue),
    captcha,
    mail,
    enquiries: new EnquiriesService(catalogue, stores, captcha, mail, publicUrl(config)),
    cart,
    wishlist,
    jobs,
    sessions,
    accounts,
    passkeys,
    addresses: new AddressesService(),
    shipping,
    promotions,
    orders,
    orderHistory: new OrderHistoryService({
      orders,
      stores,
      catalogue,
      links,
      gstInvoicesEnabled: config.GST_INVOICES_ENABLED,
    }),
    fulfilment,
    payments,
    placeOrder,
    holdExpiry: new HoldExpiry(orders, catalogue, promotions, now),
    finishPayment,
    unfinishedPayments,
    paymentReconciler: new PaymentReconciler({
      payments,
      orders,
      finish: finishPayment,
      links,
      publicUrl: publicUrl(config),
      now,
      afterMs: config.PAYMENT_RECONCILE_AFTER_SECONDS * 1000,
      lateCheckAfterMs: config.PAYMENT_LATE_CHECK_AFTER_MINUTES * 60 * 1000,
    }),
    checkout: new CheckoutService({
      cart,
      stores,
      payments,
      accounts,
      orders,
      links,
      discounts: promotions,
      discountsEnabled: (ctx) => site.enabled(ctx, 'DiscountsEnabled'),
      shipping,
      now,
      unfinished: unfinishedPayments,
    }),
    verification,
    savedSearches,
    wishlistAlerts: new WishlistAlertService({
      catalogue,
      verification,
      mail,
      jobs,
      secret: resolveSecretKey(config),
      publicUrl: publicUrl(config),
      now,
      offered: (ctx) => site.enabled(ctx, 'WishlistAlertsEnabled'),
    }),
    invoices: new InvoiceService({
      orders,
      stores,
      payments,
      links,
      gstInvoicesEnabled: config.GST_INVOICES_ENABLED,
      now,
    }),
  };
  return { ...services, storeConsole: storeConsoleServices(services, publicUrl(config), system) };
}

/**
 * The store console's services, each built once: the guard first (every other one checks the
 * caller with it), then the audit trail every change records to.
 */
function storeConsoleServices(
  services: Omit<Services, 'storeConsole'>,
  shopUrl: string,
  system: ReturnType<typeof systemContext>,
): StoreConsoleServices {
  const now = services.clock;
  const guard = new StaffGuard(services.stores);
  const audit = new ConsoleAuditService(guard, now);
  return {
    guard,
    audit,
    staff: new ConsoleStaffService({
      guard,
      audit,
      accounts: services.accounts,
      stores: services.stores,
      mail: services.mail,
      now,
      publicUrl: shopUrl,
    }),
    stock: new ConsoleStockService({ guard, audit, catalogue: services.catalogue }),
    fulfilment: new ConsoleFulfilmentService({
      guard,
      audit,
      orders: services.orders,
      fulfilment: services.fulfilment,
      payments: services.payments,
    }),
    settings: new ConsoleSettingsService({
      guard,
      audit,
      stores: services.stores,
      shipping: services.shipping,
      invoices: services.invoices,
      catalogue: services.catalogue,
    }),
    admin: new ConsoleAdminService({
      guard,
      audit,
      stores: services.stores,
      catalogue: services.catalogue,
      banners: services.banners,
      promotions: services.promotions,
      site: services.site,
      now,
    }),
    pages: new ConsolePagesService({ guard, audit, content: services.content }),
    priceGuide: new ConsolePriceGuideService({
      guard,
      index: new PriceGuideHolder(system, services.catalogue, now),
      now,
    }),
  };
}

/** Every route of the shop, in one list: it registers them and writes the OpenAPI document. */
export function apiRoutes(
  services: Services,
  config: Pick<Config, 'DEV_MAILBOX' | 'DATA_DIR' | 'REGION' | 'METRICS_TOKEN'>,
): ApiRoute[] {
  const routes: ApiRoute[] = [
    ...siteRoutes(services.site),
    ...accountRoutes(services.accounts, config.REGION),
    ...orderRoutes(services.orderHistory),
    ...passkeyRoutes(services.passkeys, services.accounts),
    ...addressRoutes(services.addresses),
    ...checkoutRoutes(services.checkout, services.placeOrder, config.REGION),
    ...clearpayRoutes(new PaymentReturns(services)),
    ...globalpayRoutes(new PaymentReturns(services), services.jobs),
    ...ewayRoutes(new PaymentReturns(services)),
    ...paypalRoutes(new PaymentReturns(services)),
    ...unfinishedPaymentRoutes(services.unfinishedPayments),
    ...postageRoutes(services.checkout, config.REGION),
    ...itemPostageRoutes(new ItemPostage(services.catalogue, services.shipping), config.REGION),
    ...invoiceRoutes(services.invoices),
    ...digestRoutes(services.digests),
    ...searchRoutes(services.search, services.predictive, services.similar, services.popular),
    ...storeRoutes(services.stores, services.places),
    ...placeRoutes(services.places),
    ...catalogueRoutes(services.catalogue),
    ...enquiryRoutes(services.enquiries),
    ...cartRoutes(services.cart),
    ...gatedBy(services.site, 'WishlistsEnabled', wishlistRoutes(services.wishlist), ['/c3api/wishlist/merge']),
    ...gatedBy(services.site, 'WishlistAlertsEnabled', wishlistAlertRoutes(services.wishlistAlerts), [
      '/c3api/wishlistalert/unsubscribe',
    ]),
    ...verificationRoutes(services.verification, services.accounts),
    ...gatedBy(services.site, 'SavedSearchesEnabled', savedSearchRoutes(services.savedSearches)),
    ...storeConsoleRoutes(services.storeConsole, config.REGION),
    ...captchaRoutes(services.captcha),
    ...bannerRoutes(services.banners),
    ...contentRoutes(services.content),
    ...imageRoutes(services.catalogue, path.join(config.DATA_DIR, 'image-cache')),
    ...healthRoutes(),
    ...readinessRoutes(services.readiness),
    ...metricsRoutes(services.metrics, config.METRICS_TOKEN),
    // The demo's mailbox shows shoppers' messages: it exists only when asked for by name.
    ...(config.DEV_MAILBOX ? devMailboxRoutes(services.mail) : []),
  ];
  // The document describes every route, itself included; it is made on first request.
  let document: Record<string, unknown> | null = null;
  routes.push(openApiRoute(() => (document ??= buildOpenApiDocument(routes))));
  return routes;
}

/**
 * Who is asking: the customer of a live session cookie, or a guest. The guest cart's token is kept
 * for a customer too, so sign-in can move that cart into theirs.
 */
function viewerFromCookies(sessions: SessionsService, database: DatabaseHandle, region: Config['REGION']) {
  const ctx = systemContext(database, region);
  return async (request: FastifyRequest, secure: boolean): Promise<Viewer> => {
    const cart = readCookie(request, CART_COOKIE, secure);
    const cartToken = isTokenShape(cart) ? cart : null;
    const session = await sessions.resolve(ctx, readCookie(request, SESSION_COOKIE, secure));
    if (session) return { kind: 'customer', ...session, cartToken, wishlistToken: null };
    return guestViewer(cartToken);
  };
}

/** Builds the HTTP server from its parts. No I/O happens until the caller listens. */
export async function buildApp(
  config: Config,
  database: DatabaseHandle,
  options: {
    logStream?: { write(line: string): void };
    /** The payment providers' origins the page loads scripts, frames and forms from (or posts to). */
    paymentOrigins?: string[];
  } & ServiceOptions = {},
): Promise<{ app: FastifyInstance; services: Services }> {
  const paymentOrigins = options.paymentOrigins ?? [];
  const app = Fastify({
    // Tokens, codes and session ids in query strings never reach the log.
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: requestLogSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Fastify takes a hop count too, though its types do not say so.
    trustProxy: config.TRUST_PROXY as boolean | string[],
  });
  const services = createServices(config, database, {
    ...(options.now ? { now: options.now } : {}),
    ...(options.paymentProviders ? { paymentProviders: options.paymentProviders } : {}),
  });
  // Measured from the first hook on: every request, whichever route (or none) answers it.
  services.metrics.attach(app);
  const routes = services.metrics.timeSearches(apiRoutes(services, config));
  const security = { alwaysSecure: servedOverHttps(config) };

  await app.register(helmet, {
    // PayPal's buttons open its approval page in a popup that answers through window.opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The payment providers' scripts, hosted pages and forms (their sandboxes in the demo).
        scriptSrc: ["'self'", ...paymentOrigins],
        connectSrc: ["'self'", ...paymentOrigins],
        frameSrc: ["'self'", ...paymentOrigins],
        formAction: ["'self'", ...paymentOrigins],
        // Plain-HTTP installs (a demo on a LAN address) must keep working.
        upgradeInsecureRequests: null,
      },
    },
  });

  await app.register(cookie);
  const secret = resolveSecretKey(config);
  registerAntiForgery(app, { ...security, secret });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // 205 Reset Content carries no body (browsers drop it): the page reloads.
    if (error instanceof HttpError && error.statusCode === 205) return reply.code(205).send();
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.toEnvelope());
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send(failure(error.message));
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure(GENERIC_ERROR_MESSAGE));
  });

  // Background jobs run inside the server unless JOBS_IN_PROCESS=false (then `npm run worker`).
  let worker: ShopWorker | null = null;
  if (config.JOBS_IN_PROCESS) {
    app.addHook('onReady', async () => {
      worker = await startShopWorker(config, database, services, app.log);
    });
  }
  // Views counted in memory are queued before the database closes; the worker finishes what it runs.
  app.addHook('onClose', async () => {
    await services.catalogue.flushViews();
    await worker?.stop();
  });

  registerRoutes(app, routes, {
    ...security,
    database,
    region: config.REGION,
    resolveViewer: viewerFromCookies(services.sessions, database, config.REGION),
    cartCookie: { name: CART_COOKIE, maxAgeSeconds: CART_COOKIE_MAX_AGE_SECONDS },
    sessionCookie: SESSION_COOKIE,
    rotateVisitor: (reply, secure) => {
      issueVisitor(reply, secret, secure);
    },
  });

  const indexHtml = path.join(config.WEB_DIST, 'index.html');
  const hasWeb = existsSync(indexHtml);
  // Hashed assets: compressed, immutable for a year, without cookies; source maps never served.
  if (hasWeb) await registerStaticWeb(app, config.WEB_DIST);
  // The shop pages (home, search, product, not found) rendered on the server when the build has
  // its rendering bundle (decision 016); the other pages stay the app shell.
  const renderPage = hasWeb
    ? await loadPageRenderer(app, {
        webDist: config.WEB_DIST,
        origin: publicUrl(config),
        lang: config.REGION === 'UK' ? 'en-GB' : 'en-AU',
      })
    : null;
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (
      url.startsWith('/c3api') ||
      !hasWeb ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      path.extname(url.split('?')[0] ?? '') !== ''
    ) {
      return reply.code(404).send(failure(`No such call or page: ${request.method} ${url.split('?')[0]}`));
    }
    if (renderPage) {
      try {
        if (await renderPage(request, reply)) return reply;
      } catch (error) {
        // The app shell still works: the browser renders the page and asks the API itself.
        request.log.error({ err: error }, 'server rendering failed');
      }
    }
    // Every other page is the web app's; its router decides what to show.
    return reply.header('Cache-Control', INDEX_CACHE_CONTROL).sendFile('index.html');
  });
  return { app, services };
}
