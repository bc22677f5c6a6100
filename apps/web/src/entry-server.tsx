/**
 * Server rendering of the shop pages (decision 016): the home page, search results and product
 * pages as HTML with their data, which the browser then hydrates (main.tsx). The server loads this
 * bundle (vite build --ssr) and calls `render` for each page request; data comes through the same
 * query options as in the browser, from the shop's own API in process (`configure`).
 */

import type { ProductDetail, Region, SiteValue } from '@shop/contract';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { renderToStringAsync } from 'preact-render-to-string';
import { StaticRouter } from 'react-router';
import {
  headHtml,
  homeHead,
  notFoundHead,
  type PageHead,
  productHead,
  searchHead,
  storeFinderHead,
} from './app/page-head';
import { preloadRoute, routeMatch, ShopProviders, ShopRoutes } from './app/router';
import { CARD_IMAGE_SIZES, cardImageSrcSet } from './components/product-card-text';
import { bannersQueryOptions } from './features/home/api/get-banners';
import { prefetchPopularItems } from './features/home/api/get-popular';
import { safeUrl } from './features/home/components/banner-style';
import { footerNoticeQueryOptions } from './features/layout/api/get-footer-notice';
import { productQueryOptions } from './features/product/api/get-product';
import { returnsPolicyQueryOptions } from './features/product/api/get-returns-policy';
import { MAIN_SIZES } from './features/product/components/product-gallery';
import { prefetchSearchResults } from './features/search/api/get-search-results';
import { siteSettingsQueryOptions } from './features/site/api/get-site-settings';
import { prefetchStoreFinder } from './features/stores/api/get-store-finder';
import { ApiError, setApiFetch } from './lib/api-client';
import { consentFromCookies } from './lib/consent';
import { createQueryClient } from './lib/query-client';
import { provideSanitizer } from './lib/sanitized-html';
import { serializeState } from './lib/ssr-state';
import { DESKTOP_VIEWPORT_WIDTH, PHONE_VIEWPORT_WIDTH } from './lib/use-media-query';

// Rich text is sanitised as the page renders, not after a load as in the browser (the server's
// DOMPurify is the sanitize-html stand-in of src/ssr/dompurify.ts).
provideSanitizer((html) => DOMPurify.sanitize(html));

export interface RenderRequest {
  /** Path and query, as the browser asked. */
  url: string;
  /** The shop's public address, for canonical links and structured data. */
  origin: string;
  /** The browser's User-Agent and Sec-CH-UA-Mobile headers: a phone gets the phone layout. */
  userAgent?: string;
  mobileHint?: string;
  /** The request's Cookie header: only its `cookie-consent` choice is read here. */
  cookie?: string;
}

/** The width to draw for: a phone's when the browser says it is one (its client hint or its user agent). */
export function viewportWidthFor(request: Pick<RenderRequest, 'userAgent' | 'mobileHint'>): number {
  if (request.mobileHint === '?1') return PHONE_VIEWPORT_WIDTH;
  return /\b(Mobi|iPhone|iPod|Android.+Mobile|Windows Phone)\b/i.test(request.userAgent ?? '')
    ? PHONE_VIEWPORT_WIDTH
    : DESKTOP_VIEWPORT_WIDTH;
}

export type RenderResult =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | {
      kind: 'page';
      status: 200 | 404;
      /** The app's markup, for <div id="root">. */
      html: string;
      /** <title>, description, canonical and JSON-LD. */
      head: string;
      /** The query cache, escaped for a <script type="application/json">. */
      state: string;
      /** The source modules of the page's chunk, which the HTML modulepreloads. */
      modules: string[];
      /** The page's largest picture (its LCP), preloaded ahead of every script. */
      preloadImage: PreloadImage | null;
    };

export interface PreloadImage {
  href: string;
  srcset: string | null;
  sizes: string | null;
}

/** How this bundle reaches /c3api: the server passes its in-process API (app.inject). */
export function configure(options: { fetch: (path: string, init: RequestInit) => Promise<Response> }): void {
  setApiFetch(options.fetch);
}

/** The chunk of each server-rendered page, by its source path (the Vite manifest's key). */
const PAGE_MODULES = {
  home: 'src/app/pages/home-page.tsx',
  search: 'src/app/pages/search-results-page.tsx',
  product: 'src/app/pages/product-page.tsx',
  stores: 'src/app/pages/store-finder-page.tsx',
  notFound: null,
} as const;

type Page = keyof typeof PAGE_MODULES;

function pageOf(pathname: string): Page | null {
  if (pathname === '/') return 'home';
  if (/^\/search-results(\/|$)/.test(pathname)) return 'search';
  if (/^\/product\/[^/]+(\/|$)/.test(pathname)) return 'product';
  if (/^\/stores\/?$/.test(pathname)) return 'stores';
  if (routeMatch(pathname).notFound) return 'notFound';
  return null;
}

/**
 * The whole page as one string, every lazy part loaded first (Preact's renderer: the same one that
 * hydrates it in the browser, decision 017). Crawlers and script-less browsers get the whole page,
 * and no boundary is left for an inline script to fill in (the CSP refuses those).
 */
function renderHtml(app: React.ReactNode): Promise<string> {
  // The React element types and Preact's VNode are one thing at run time (preact/compat); only the
  // type declarations differ.
  return Promise.resolve(renderToStringAsync(app as unknown as Parameters<typeof renderToStringAsync>[0]));
}

/**
 * Renders a page, or answers null for paths that stay with the browser (checkout, account...), which
 * the server serves as the plain app shell. /shop starts a new search: the redirect the app would
 * make, made by the server.
 */
export async function render(request: RenderRequest): Promise<RenderResult | null> {
  const url = new URL(request.url, request.origin);
  if (/^\/shop\/?$/.test(url.pathname)) {
    const params = new URLSearchParams(url.search);
    params.set('nonsticky', 'true');
    return { kind: 'redirect', status: 302, location: `/search-results?${params}` };
  }
  const page = pageOf(url.pathname);
  if (page === null) return null;

  const client: QueryClient = createQueryClient();
  // What every page shows: region and flags, the footer's notice. Personal parts (who is signed
  // in, the cart, the wishlist) are left to the browser, as on a page loaded from a cache.
  const [site] = await Promise.all([
    client.fetchQuery(siteSettingsQueryOptions()).catch(() => null as SiteValue | null),
    client.prefetchQuery(footerNoticeQueryOptions()),
  ]);
  const region: Region = site?.Region ?? 'AU';

  let status: 200 | 404 = 200;
  let head: PageHead;
  let preloadImage: PreloadImage | null = null;
  if (page === 'home') {
    const [banners] = await Promise.all([
      client.fetchQuery(bannersQueryOptions()).catch(() => null),
      prefetchPopularItems(client),
    ]);
    // The first banner's picture is what a phone paints largest above the fold.
    const picture = safeUrl(banners?.Banners[0]?.BackgroundImageUrl);
    if (picture) preloadImage = { href: picture, srcset: null, sizes: null };
    head = homeHead(request.origin, region);
  } else if (page === 'search') {
    const last = await prefetchSearchResults(client, url.searchParams);
    head = searchHead(request.origin, url.searchParams, last);
    const first = last?.ProductList.ProductListItems[0]?.ImageUrl;
    if (first) preloadImage = { href: first, srcset: cardImageSrcSet(first), sizes: CARD_IMAGE_SIZES };
  } else if (page === 'product') {
    let code = '';
    try {
      code = decodeURIComponent(url.pathname.split('/')[2] ?? '');
    } catch {
      // A malformed escape is no product code.
    }
    let product: ProductDetail | null = null;
    // The returns policy in brief beside the buy box, drawn with the page rather than after it.
    const returns = client.prefetchQuery(returnsPolicyQueryOptions());
    if (/^[A-Za-z0-9]{1,20}$/.test(code)) {
      product = await client.fetchQuery(productQueryOptions(code)).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      });
    }
    await returns;
    if (product === null) {
      status = 404;
      head = notFoundHead();
    } else {
      // One address per item: a wrong or missing slug is sent to the item's own.
      if (decodeURI(url.pathname) !== product.Url) {
        return { kind: 'redirect', status: 301, location: `${encodeURI(product.Url)}${url.search}` };
      }
      head = productHead(request.origin, product, region);
      const picture = product.Images[0];
      if (picture) preloadImage = { href: picture.Url, srcset: picture.Srcset || null, sizes: MAIN_SIZES };
    }
  } else if (page === 'stores') {
    // The store finder: nearest first from the URL's place (the browser fills in a remembered one).
    await prefetchStoreFinder(client, url.searchParams.get('near')?.trim() || undefined);
    head = storeFinderHead(request.origin, region);
  } else {
    status = 404;
    head = notFoundHead();
  }

  await preloadRoute(url.pathname);
  const viewportWidth = viewportWidthFor(request);
  const consent = consentFromCookies(request.cookie);
  const html = await renderHtml(
    <ShopProviders client={client} viewportWidth={viewportWidth} serverConsent={consent}>
      <StaticRouter location={`${url.pathname}${url.search}`}>
        <ShopRoutes />
      </StaticRouter>
    </ShopProviders>,
  );
  // Answers and failures (a 404 product) alike, so the browser draws what the server drew.
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || query.state.status === 'error',
  });
  const module = PAGE_MODULES[page];
  return {
    kind: 'page',
    status,
    html,
    head: headHtml(head),
    state: serializeState({ ...state, viewportWidth, consent }),
    modules: module ? [module] : [],
    preloadImage,
  };
}
