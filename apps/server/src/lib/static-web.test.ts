import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_CACHE_CONTROL, FILE_CACHE_CONTROL, INDEX_CACHE_CONTROL, registerStaticWeb } from './static-web.js';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const STYLE = 'body{margin:0}\n';
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body>${'<!-- padding -->'.repeat(100)}</body></html>\n`;
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg"/>\n';

let dist: string;
let app: FastifyInstance;

async function get(url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') {
  return app.inject({
    method,
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'static-web-'));
  await mkdir(path.join(dist, 'assets'));
  const files: [string, string | Buffer][] = [
    ['assets/app-abc123.js', SCRIPT],
    ['assets/app-abc123.js.br', brotliCompressSync(SCRIPT)],
    ['assets/app-abc123.js.gz', gzipSync(SCRIPT)],
    ['assets/app-abc123.js.map', '{"version":3,"sources":["secret/source.ts"]}'],
    // Under 1 KB: the build writes no compressed siblings.
    ['assets/style-def456.css', STYLE],
    ['index.html', INDEX],
    ['index.html.br', brotliCompressSync(INDEX)],
    ['index.html.gz', gzipSync(INDEX)],
    ['favicon.svg', FAVICON],
  ];
  for (const [name, body] of files) await writeFile(path.join(dist, name), body);

  app = Fastify({ logger: false });
  // As app.ts does: the security headers on every reply, then the static files.
  await app.register(helmet, { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } });
  await registerStaticWeb(app, dist);
  // The SPA fallback as app.ts has it: every other page is index.html.
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || path.extname(request.url.split('?')[0] ?? '') !== '') {
      return reply.code(404).send({ message: 'not found' });
    }
    return reply.sendFile('index.html');
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

describe('registerStaticWeb: hashed assets', () => {
  it('sends brotli when the client accepts it', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
    expect(response.headers.vary).toBe('Accept-Encoding');
  });

  it('sends gzip when the client accepts only gzip', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
    expect(response.headers.vary).toBe('Accept-Encoding');
  });

  it('honours q-values: gzip when brotli is refused', async () => {
    const response = await get('/assets/app-abc123.js', 'br;q=0, gzip;q=0.8');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('sends the plain file without Accept-Encoding or with identity only, still varying on it', async () => {
    for (const accept of [undefined, 'identity']) {
      const response = await get('/assets/app-abc123.js', accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(SCRIPT);
      expect(response.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
      expect(response.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('sends a small file without siblings as it is', async () => {
    const response = await get('/assets/style-def456.css', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.body).toBe(STYLE);
    expect(response.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
  });

  it('answers HEAD with the same headers', async () => {
    const response = await get('/assets/app-abc123.js', 'br', 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
    expect(response.body).toBe('');
  });

  it('never serves source maps, nor the compressed siblings by their own names', async () => {
    for (const url of [
      '/assets/app-abc123.js.map',
      '/assets/APP-ABC123.JS.MAP',
      '/assets/app-abc123.js.br',
      '/assets/app-abc123.js.gz',
      '/index.html.br',
    ]) {
      for (const accept of [undefined, 'br, gzip']) {
        const response = await get(url, accept);
        expect(response.statusCode, `${url} ${accept}`).toBe(404);
        expect(response.body).not.toContain('secret/source.ts');
      }
    }
  });

  it('answers 404 for an unknown asset, and never leaves the folder', async () => {
    expect((await get('/assets/missing-000000.js', 'br')).statusCode).toBe(404);
    // (A plain /assets/../index.html is normalised to /index.html before routing.)
    for (const url of ['/assets/..%2findex.html', '/assets/%2e%2e%2findex.html', '/assets/..%5cindex.html']) {
      const response = await get(url);
      expect(response.statusCode, url).not.toBe(200);
    }
  });

  it('serves an asset written after start (a rebuild without restart)', async () => {
    await writeFile(path.join(dist, 'assets/late-999999.js'), 'export {};\n');
    const response = await get('/assets/late-999999.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
  });
});

describe('registerStaticWeb: security headers', () => {
  it('keeps the document-only headers off hashed assets, and on index.html', async () => {
    const script = await get('/assets/app-abc123.js', 'br');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    expect(script.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    const page = await get('/some/page');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('registerStaticWeb: top-level files and index.html', () => {
  it('caches other top-level files for an hour', async () => {
    const response = await get('/favicon.svg', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe(FILE_CACHE_CONTROL);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(FAVICON);
  });

  it('never lets index.html be cached without asking again, and compresses it', async () => {
    const direct = await get('/index.html', 'br');
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['cache-control']).toBe(INDEX_CACHE_CONTROL);
    expect(direct.headers['content-encoding']).toBe('br');
    expect(direct.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(direct.rawPayload).toString()).toBe(INDEX);
    expect(direct.headers.vary).toBe('Accept-Encoding');
  });

  it('keeps reply.sendFile for the SPA fallback, with the same headers', async () => {
    const plain = await get('/search-results?query=phone');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(INDEX);
    expect(plain.headers['cache-control']).toBe(INDEX_CACHE_CONTROL);
    expect(plain.headers.vary).toBe('Accept-Encoding');

    const gzipped = await get('/product/ABC123', 'gzip');
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(INDEX);
    expect(gzipped.headers['cache-control']).toBe(INDEX_CACHE_CONTROL);

    expect((await get('/')).body).toBe(INDEX);
  });

  it('sets no cookie on anything it serves', async () => {
    for (const url of ['/assets/app-abc123.js', '/assets/style-def456.css', '/favicon.svg', '/index.html', '/cart']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
  });
});
