import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { failure } from '@shop/contract';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { GENERIC_ERROR_MESSAGE, HttpError } from './lib/errors.js';
import { type ApiRoute, registerRoutes } from './lib/route.js';
import { CatalogueService } from './modules/catalogue/catalogue.service.js';
import { ContentService } from './modules/content/content.service.js';
import { registerImageRoutes } from './modules/images/images.routes.js';
import { PredictiveService } from './modules/search/predictive.service.js';
import { SearchRepository } from './modules/search/search.repository.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { SearchService } from './modules/search/search.service.js';
import { SearchIndexHolder } from './modules/search/search-index.holder.js';
import { storeRoutes } from './modules/stores/stores.routes.js';
import { StoresService } from './modules/stores/stores.service.js';
import { buildOpenApiDocument } from './openapi/openapi.js';

export interface Services {
  catalogue: CatalogueService;
  stores: StoresService;
  content: ContentService;
  searchIndex: SearchIndexHolder;
  search: SearchService;
  predictive: PredictiveService;
}

export function createServices(config: Pick<Config, 'REGION'>, database: DatabaseHandle): Services {
  const catalogue = new CatalogueService(database.db);
  const stores = new StoresService(database.db, config.REGION);
  const content = new ContentService(database.db, config.REGION);
  const searchIndex = new SearchIndexHolder(config.REGION, new SearchRepository(database.db), catalogue, stores);
  return {
    catalogue,
    stores,
    content,
    searchIndex,
    search: new SearchService(config.REGION, searchIndex, catalogue, content),
    predictive: new PredictiveService(searchIndex, catalogue),
  };
}

export function apiRoutes(services: Services): ApiRoute[] {
  return [...searchRoutes(services.search, services.predictive), ...storeRoutes(services.stores)];
}

/** Builds the HTTP server from its parts. No I/O happens until the caller listens. */
export async function buildApp(
  config: Config,
  database: DatabaseHandle,
): Promise<{ app: FastifyInstance; services: Services }> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: false,
  });
  const services = createServices(config, database);
  const routes = apiRoutes(services);
  const openApi = buildOpenApiDocument(routes);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        // Plain-HTTP installs (a demo on a LAN address) must keep working.
        upgradeInsecureRequests: null,
      },
    },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(failure(error.message));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send(failure(error.message));
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure(GENERIC_ERROR_MESSAGE));
  });

  app.get('/healthz', async () => ({ status: 'ok', database: database.dialect, region: config.REGION }));
  app.get('/c3api/openapi.json', async () => openApi);
  registerRoutes(app, routes);
  registerImageRoutes(app, services.catalogue, path.join(config.DATA_DIR, 'image-cache'));

  const indexHtml = path.join(config.WEB_DIST, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: config.WEB_DIST, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (
      url.startsWith('/c3api') ||
      !hasWeb ||
      request.method !== 'GET' ||
      path.extname(url.split('?')[0] ?? '') !== ''
    ) {
      return reply.code(404).send(failure(`No such call or page: ${request.method} ${url.split('?')[0]}`));
    }
    // Every other page is the web app's; its router decides what to show.
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  return { app, services };
}
