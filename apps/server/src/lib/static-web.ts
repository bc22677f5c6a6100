import path from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's hashed files: a new build writes new names, so a copy never goes stale. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** favicon.svg, robots.txt and the like keep their names across builds: an hour. */
export const FILE_CACHE_CONTROL = 'public, max-age=3600';
/** The page that names the current hashed files: always asked again (a 304 when unchanged). */
export const INDEX_CACHE_CONTROL = 'no-cache';

/**
 * Source maps are written beside the bundles (`sourcemap: 'hidden'`) for error reporting but never
 * served; the `.br`/`.gz` siblings are served only in place of their file, never by their own name.
 */
const HIDDEN = /\.(map|br|gz)$/i;

/**
 * Headers that mean something only on a document (app.ts's helmet sets them on every reply). A
 * hashed script or stylesheet carrying them pays about 1 KB per file, which on a page of thirty
 * small chunks is a third of its JavaScript's weight; nosniff, CORP and HSTS stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

function allowedPath(pathname: string): boolean {
  return !HIDDEN.test(pathname);
}

/** The file a response carries, without the .br/.gz of the encoding chosen. */
function servedName(filePath: string): string {
  return path.basename(filePath).replace(/\.(br|gz)$/i, '');
}

function cacheHeaders(cacheControl: (filePath: string) => string) {
  return (res: SetHeadersResponse, filePath: string): void => {
    res.setHeader('Cache-Control', cacheControl(filePath));
    // A .br, .gz or plain copy depends on Accept-Encoding: caches must key on it.
    res.setHeader('Vary', 'Accept-Encoding');
  };
}

/**
 * Serves the built web app from `webDist`:
 * - `/assets/*` (Vite's hashed bundles): cached for a year as immutable, as brotli or gzip when the
 *   client accepts it and the build wrote a `.br`/`.gz` sibling (files under 1 KB have none);
 * - other files (favicon.svg...): cached for an hour, pre-compressed too when a sibling exists;
 * - `index.html`: `no-cache`, so a new build is picked up on the next visit;
 * - `.map`, `.br` and `.gz` by their own names: not found;
 * - `/assets/*` without the document-only security headers (DOCUMENT_ONLY_HEADERS).
 * The second registration decorates the reply with `sendFile` rooted at `webDist`, which the SPA
 * fallback uses for `index.html`. Nothing here sets a cookie.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/assets/')) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    return payload;
  });
  await app.register(fastifyStatic, {
    root: path.join(root, 'assets'),
    prefix: '/assets/',
    // A route for the whole folder, read at request time: a rebuild never leaves index.html
    // naming files this process has no route for.
    wildcard: true,
    index: false,
    preCompressed: true,
    allowedPath,
    cacheControl: false,
    setHeaders: cacheHeaders(() => ASSET_CACHE_CONTROL),
    decorateReply: false,
  });
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // One route per file found at start (favicon.svg, index.html...), so every other path still
    // reaches the not-found handler and its SPA fallback.
    wildcard: false,
    globIgnore: ['assets/**', '**/*.map', '**/*.br', '**/*.gz'],
    index: false,
    preCompressed: true,
    allowedPath,
    cacheControl: false,
    setHeaders: cacheHeaders((filePath) =>
      servedName(filePath) === 'index.html' ? INDEX_CACHE_CONTROL : FILE_CACHE_CONTROL,
    ),
    decorateReply: true,
  });
}
