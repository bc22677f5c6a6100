import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deferEntryScripts } from './boot-script.js';

/**
 * Server rendering of the shop pages (docs/decisions/016-server-rendering.md). The web build writes
 * a rendering bundle beside its client bundle (apps/web/dist-ssr/entry-server.js); this loads it,
 * lets it reach the API in process (app.inject: no network, no second host), and puts what it
 * renders into the built index.html: the page's head, its markup in #root, the query cache for
 * hydration, and modulepreload and stylesheet links for the page's own chunk.
 */

/** What apps/web/src/entry-server.tsx exports (kept in step by hand: the server never imports web code). */
interface RenderBundle {
  configure(options: { fetch: (path: string, init: RequestInit) => Promise<Response> }): void;
  render(request: { url: string; origin: string; userAgent: string; mobileHint: string; cookie: string }): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | {
        kind: 'page';
        status: number;
        html: string;
        head: string;
        state: string;
        modules: string[];
        preloadImage: PreloadImage | null;
      }
    | null
  >;
}

/** The page's largest picture, fetched ahead of the scripts (its LCP). */
interface PreloadImage {
  href: string;
  srcset: string | null;
  sizes: string | null;
}

/** Vite's build manifest: each source module's file, CSS and static imports. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

type PageRenderer = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/** The browser's cookies for the API calls a render makes, per request. */
const requestCookies = new AsyncLocalStorage<string | undefined>();

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page compressed as the browser accepts (a search page is about 100 kB of markup and data
 * before): brotli at a quality fast enough per request, else gzip, else as it is. Quality 6 takes
 * the 2-5 ms of quality 5 on a product page and is 180 bytes smaller; 7 saves 80 more for 20 ms.
 * Every byte counts near 14.6 kB: a page with its headers within the first TCP window arrives a
 * round trip sooner on a new connection.
 */
export async function compressPage(
  html: string,
  acceptEncoding: string,
): Promise<{ body: string | Buffer; encoding: 'br' | 'gzip' | null }> {
  if (/\bbr\b/.test(acceptEncoding)) {
    return { body: await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }), encoding: 'br' };
  }
  if (/\bgzip\b/.test(acceptEncoding)) return { body: await gzipAsync(html, { level: 6 }), encoding: 'gzip' };
  return { body: html, encoding: null };
}

/** The element ids and tags of index.html the rendered parts replace. */
const ROOT = '<div id="root"></div>';
const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta name="description"[^>]*>/;

/** The chunk files and stylesheets a page's modules need, each once, imports first. */
export function pageAssets(manifest: Manifest, modules: string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || scripts.has(entry.file)) return;
    scripts.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
    for (const css of entry.css ?? []) styles.add(css);
  };
  for (const module of modules) visit(module);
  return { scripts: [...scripts], styles: [...styles] };
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;

/**
 * A stylesheet written into the page: its rules in a `<style>`, then a disabled link to its file.
 * The link is never fetched (disabled), but it tells the build's module loader (Vite's preload
 * helper, which looks for a stylesheet link with the file's address before it adds one) that the
 * rules are already in the page, so a chunk imported later does not load them a second time.
 * Null when the rules cannot be written into a page (`</style` in them would end the element early).
 */
function inlineStyleSheet(file: string, css: string | null): string | null {
  if (css === null || /<\/style/i.test(css)) return null;
  return `<style>${css}</style><link rel="stylesheet" href="/${escapeAttribute(file)}" disabled>`;
}

/**
 * index.html with its stylesheet written into it: a server-rendered page then paints as soon as its
 * HTML arrives, without waiting for a render-blocking request (the LCP budget). Since the
 * build splits CSS by chunk, this is the shell's stylesheet (the base styles, the header, footer
 * and search bar); fillTemplate adds the page's own. A link whose file cannot be read stays a
 * link. Done once, at start.
 */
export function inlineStyleSheets(template: string, readCss: (file: string) => string | null): string {
  return template.replace(STYLESHEET_LINK, (link, file: string) => inlineStyleSheet(file, readCss(file)) ?? link);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The LCP picture's preload, for the same candidate the <img> will choose (srcset and sizes alike). */
export function imagePreloadLink(image: PreloadImage): string {
  const attributes = [
    'rel="preload"',
    'as="image"',
    `href="${escapeAttribute(image.href)}"`,
    image.srcset ? `imagesrcset="${escapeAttribute(image.srcset)}"` : '',
    image.sizes ? `imagesizes="${escapeAttribute(image.sizes)}"` : '',
    'fetchpriority="high"',
  ].filter(Boolean);
  return `<link ${attributes.join(' ')}>`;
}

/** index.html with a rendered page in it. */
export function fillTemplate(
  template: string,
  page: {
    html: string;
    head: string;
    state: string;
    scripts: string[];
    styles: string[];
    lang: string;
    preloadImage?: PreloadImage | null;
  },
  /** A stylesheet's rules, to write the page's own into it (null: linked instead). */
  readCss: (file: string) => string | null = () => null,
): string {
  // The picture first: it is what the shopper waits for, and the scripts only make it interactive.
  const picture = page.preloadImage ? `${imagePreloadLink(page.preloadImage)}\n    ` : '';
  const firstScript = template.indexOf('<script type="module"');
  const withPicture = (
    picture && firstScript >= 0
      ? `${template.slice(0, firstScript)}${picture}${template.slice(firstScript)}`
      : template.replace('</head>', () => `  ${picture}</head>`)
  )
    // The page is already drawn: its scripts (which make it interactive) yield the line to the
    // HTML and the picture on a slow connection instead of competing with them.
    .replace(/<(script type="module"|link rel="modulepreload")([^>]*)>/g, (tag, kind: string, rest: string) =>
      rest.includes('fetchpriority') ? tag : `<${kind}${rest} fetchpriority="low">`,
    );
  const links = [
    // The page's own stylesheets (its chunk's and what it imports), after the shell's.
    ...page.styles.map(
      (file) => inlineStyleSheet(file, readCss(file)) ?? `<link rel="stylesheet" crossorigin href="/${file}">`,
    ),
    ...page.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`),
  ].join('\n    ');
  return withPicture
    .replace('<html lang="en">', `<html lang="${page.lang}">`)
    .replace(DESCRIPTION, '')
    .replace(TITLE, () => page.head)
    .replace('</head>', () => `  ${links}\n  </head>`)
    .replace(
      ROOT,
      () =>
        `<div id="root">${page.html}</div>\n    <script type="application/json" id="shop-state">${page.state}</script>`,
    );
}

/**
 * Loads the rendering bundle beside `webDist` (`../dist-ssr`), or answers null when there is none
 * (a build without it, or tests with a placeholder index.html): every page is then the app shell.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  options: { webDist: string; origin: string; lang: string },
): Promise<PageRenderer | null> {
  const entry = path.join(path.dirname(path.resolve(options.webDist)), 'dist-ssr', 'entry-server.js');
  const manifestPath = path.join(options.webDist, '.vite', 'manifest.json');
  if (!existsSync(entry) || !existsSync(manifestPath)) return null;
  const shell = readFileSync(path.join(options.webDist, 'index.html'), 'utf8');
  if (!shell.includes(ROOT)) return null;
  // Every stylesheet of the build, read once: the pages' own are written into each page.
  const sheets = new Map<string, string | null>();
  const readCss = (file: string): string | null => {
    if (!sheets.has(file)) {
      const full = path.join(options.webDist, file);
      sheets.set(file, existsSync(full) ? readFileSync(full, 'utf8') : null);
    }
    return sheets.get(file) ?? null;
  };
  // The shell's stylesheet is already in the template: a page adds only its own.
  const inTemplate = new Set([...shell.matchAll(STYLESHEET_LINK)].map((match) => match[1]));
  const template = inlineStyleSheets(shell, readCss);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  // The web build's boot script (src/boot.ts), which starts the app after the page's picture.
  const bootFile = manifest['src/boot.ts']?.file ?? null;
  // A plain dynamic import of the built .js, so the server works under tsx and compiled alike.
  const bundle = (await import(pathToFileURL(entry).href)) as RenderBundle;

  bundle.configure({
    fetch: async (url, init) => {
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => {
        headers[name] = value;
      });
      const cookie = requestCookies.getStore();
      if (cookie) headers.cookie = cookie;
      const response = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers,
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      });
      return new Response(response.body, {
        status: response.statusCode,
        headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
      });
    },
  });

  return async (request, reply) => {
    const rendered = await requestCookies.run(request.headers.cookie, () =>
      bundle.render({
        url: request.url,
        origin: options.origin,
        userAgent: request.headers['user-agent'] ?? '',
        mobileHint: String(request.headers['sec-ch-ua-mobile'] ?? ''),
        // Only its cookie-consent choice is read: whether the banner is drawn into the page.
        cookie: request.headers.cookie ?? '',
      }),
    );
    if (rendered === null) return false;
    if (rendered.kind === 'redirect') {
      await reply
        .code(rendered.status)
        .header('Cache-Control', 'no-cache')
        .redirect(rendered.location, rendered.status);
      return true;
    }
    const { scripts, styles: allStyles } = pageAssets(manifest, rendered.modules);
    const styles = allStyles.filter((file) => !inTemplate.has(file));
    const filled = fillTemplate(template, { ...rendered, scripts, styles, lang: options.lang }, readCss);
    const html = bootFile ? deferEntryScripts(filled, bootFile) : filled;
    const { body, encoding } = await compressPage(html, String(request.headers['accept-encoding'] ?? ''));
    if (encoding) reply.header('Content-Encoding', encoding);
    await reply
      .code(rendered.status)
      .header('Content-Type', 'text/html; charset=utf-8')
      // The page carries the API's answers at this moment: asked again on each visit, like index.html.
      .header('Cache-Control', 'no-cache')
      // Compressed by Accept-Encoding, a phone gets the phone layout (entry-server.tsx,
      // viewportWidthFor), and the cookie banner is drawn unless the cookie-consent cookie says a
      // choice was made: caches must key on all four.
      .header('Vary', 'Accept-Encoding, User-Agent, Sec-CH-UA-Mobile, Cookie')
      .send(body);
    return true;
  };
}
