import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BrowserRouter, createRoutesFromElements, matchRoutes, Route, useLocation, useRoutes } from 'react-router';
import type { ConsentChoice } from '../lib/consent';
import { HydrateLater } from '../lib/hydrate-later';
import { createQueryClient } from '../lib/query-client';
import { ServerConsentContext } from '../lib/server-consent';
import { ServerViewportContext } from '../lib/use-media-query';
import { CartProvider } from './cart-provider';
import { ShopLayout } from './layout';
import { type LazyPage, lazyPage } from './lazy-page';
import { NotFoundPage } from './pages/not-found-page';
import { RequireViewer } from './require-viewer';
import { candidateRoutes } from './route-candidates';
import { ScrollMemory } from './scroll-memory';
import { SiteSettingsProvider } from './site-settings-provider';
import { ViewerProvider } from './viewer-provider';
import { WishlistProvider } from './wishlist-provider';

// Every page is its own chunk: a product page loads neither the checkout nor the account area.
const HomePage = lazyPage(() => import('./pages/home-page').then((m) => ({ default: m.HomePage })));
const SearchResultsPage = lazyPage(() =>
  import('./pages/search-results-page').then((m) => ({ default: m.SearchResultsPage })),
);
const ProductPage = lazyPage(() => import('./pages/product-page').then((m) => ({ default: m.ProductPage })));
const ContentPage = lazyPage(() => import('./pages/content-page').then((m) => ({ default: m.ContentPage })));
const StorePage = lazyPage(() => import('./pages/store-page').then((m) => ({ default: m.StorePage })));
const StoreFinderPage = lazyPage(() =>
  import('./pages/store-finder-page').then((m) => ({ default: m.StoreFinderPage })),
);
const CartPage = lazyPage(() => import('./pages/cart-page').then((m) => ({ default: m.CartPage })));
const CheckoutPage = lazyPage(() => import('./pages/checkout-page').then((m) => ({ default: m.CheckoutPage })));
const OrderConfirmationPage = lazyPage(() =>
  import('./pages/order-confirmation-page').then((m) => ({ default: m.OrderConfirmationPage })),
);
const PaymentReceivedPage = lazyPage(() =>
  import('./pages/payment-received-page').then((m) => ({ default: m.PaymentReceivedPage })),
);
const WishlistPage = lazyPage(() => import('./pages/wishlist-page').then((m) => ({ default: m.WishlistPage })));
const GstInvoicePage = lazyPage(() => import('./pages/gst-invoice-page').then((m) => ({ default: m.GstInvoicePage })));
const LoginPage = lazyPage(() => import('./pages/login-page').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazyPage(() => import('./pages/register-page').then((m) => ({ default: m.RegisterPage })));
const LogoutPage = lazyPage(() => import('./pages/logout-page').then((m) => ({ default: m.LogoutPage })));
const ForgotPasswordPage = lazyPage(() =>
  import('./pages/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazyPage(() =>
  import('./pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const DashboardPage = lazyPage(() =>
  import('./pages/account/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const ProfilePage = lazyPage(() => import('./pages/account/profile-page').then((m) => ({ default: m.ProfilePage })));
const PasswordPage = lazyPage(() => import('./pages/account/password-page').then((m) => ({ default: m.PasswordPage })));
const PasskeysPage = lazyPage(() => import('./pages/account/passkeys-page').then((m) => ({ default: m.PasskeysPage })));
const OrderHistoryPage = lazyPage(() =>
  import('./pages/account/order-history-page').then((m) => ({ default: m.OrderHistoryPage })),
);
const SavedSearchesPage = lazyPage(() =>
  import('./pages/account/saved-searches-page').then((m) => ({ default: m.SavedSearchesPage })),
);
// The store console: its own layout and chunk; nothing of it loads on the shop's pages.
const ConsoleApp = lazyPage(() => import('../console/app/console-app').then((m) => ({ default: m.ConsoleApp })));
const OrderDetailPage = lazyPage(() =>
  import('./pages/account/order-detail-page').then((m) => ({ default: m.OrderDetailPage })),
);

/** The shop's routes, one tree for rendering (ShopPages) and for matching a URL before it (routeMatch). */
const routeElements = (
  <>
    <Route path="/store-console/*" element={<ConsoleApp />} />
    <Route element={<ShopLayout />}>
      <Route path="/" element={<HomePage />} />
      <Route path="/search-results/*" element={<SearchResultsPage />} />
      <Route path="/shop" element={<SearchResultsPage />} />
      <Route path="/product/:code/*" element={<ProductPage />} />
      <Route path="/help/:slug" element={<ContentPage />} />
      <Route path="/stores" element={<StoreFinderPage />} />
      <Route path="/stores/:slug" element={<StorePage />} />
      <Route path="/cart" element={<CartPage />} />
      {/* /checkout and /checkout/ alike (the router ignores a trailing slash). */}
      <Route path="/checkout" element={<CheckoutPage />} />
      <Route path="/checkout/confirmation/:reference?" element={<OrderConfirmationPage />} />
      {/* A payment's return from anyone but the browser that placed the order: no order data. */}
      <Route path="/checkout/payment-received" element={<PaymentReceivedPage />} />
      <Route path="/wishlist" element={<WishlistPage />} />
      {/* The printable tax invoice: the owner's session or the order e-mail's key opens it. */}
      <Route path="/gst-invoice" element={<GstInvoicePage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/logout" element={<LogoutPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      {/* The account area, behind its guard (guests go to /login and come back). */}
      <Route path="/my-account" element={<RequireViewer />}>
        <Route index element={<DashboardPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="password" element={<PasswordPage />} />
        <Route path="passkeys" element={<PasskeysPage />} />
        {/* The history; account.md 2.1: deeper unmatched order paths fall back to it. */}
        <Route path="orders/*" element={<OrderHistoryPage />} />
        {/* The list; an optional searchId opens its edit form (account.md 2.4). */}
        <Route path="saved-searches/*" element={<SavedSearchesPage />} />
        {/* account.md 2.1: any other account path falls back to the overview. */}
        <Route path="*" element={<DashboardPage />} />
      </Route>
      {/* An order's page: a customer's, or a guest's through the order e-mail's signed ?key=. */}
      <Route element={<RequireViewer allowSignedKey />}>
        <Route path="/my-account/orders/:orderid" element={<OrderDetailPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </>
);

export const routeObjects = createRoutesFromElements(routeElements);

/** The page a path shows, and whether it is the not-found page (the server answers 404 then). */
export function routeMatch(pathname: string): { page: LazyPage | null; notFound: boolean } {
  const matches = matchRoutes(candidateRoutes(routeObjects, pathname), pathname) ?? [];
  const leaf = matches[matches.length - 1]?.route.element;
  const type = leaf && typeof leaf === 'object' && 'type' in leaf ? leaf.type : null;
  const page = typeof type === 'function' && 'preload' in type ? (type as LazyPage) : null;
  return { page, notFound: type === NotFoundPage };
}

/** Loads the code of the page a path shows, so its first render (server or hydration) does not suspend. */
export async function preloadRoute(pathname: string): Promise<void> {
  await routeMatch(pathname).page?.preload();
}

/** The app-wide state: one cache of server state for the visit (TanStack Query), site settings and viewer. */
export function ShopProviders({
  client,
  viewportWidth = null,
  serverConsent,
  children,
}: {
  client: QueryClient;
  /** The width the server drew its HTML for (server and hydration only). */
  viewportWidth?: number | null;
  /** The cookie choice the server drew its HTML for (server and hydration only). */
  serverConsent?: ConsentChoice | null;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      <ServerConsentContext.Provider value={serverConsent}>
        <ServerViewportContext.Provider value={viewportWidth}>
          {/* The main hydration pass stops here: the providers below hydrate in a task of their own. */}
          <HydrateLater name="providers">
            <SiteSettingsProvider>
              <ViewerProvider>{children}</ViewerProvider>
            </SiteSettingsProvider>
          </HydrateLater>
        </ServerViewportContext.Provider>
      </ServerConsentContext.Provider>
    </QueryClientProvider>
  );
}

/**
 * The pages, inside a router: BrowserRouter in the browser, StaticRouter on the server. The cart,
 * the wishlist and the page's frame hydrate in a task after the providers' (the total
 * blocking time budget). A part hydrated later keeps the one element it stops at, so everything the app draws is in
 * one `.shop-frame` (`display: contents`: its children are laid out as the page's own).
 */
export function ShopRoutes() {
  return (
    <HydrateLater name="frame">
      <div className="shop-frame">
        <CartProvider>
          <WishlistProvider>
            <ScrollMemory />
            <ShopPages />
          </WishlistProvider>
        </CartProvider>
      </div>
    </HydrateLater>
  );
}

/** The page the address shows: React Router's choice among the routes that could match it. */
function ShopPages() {
  const { pathname } = useLocation();
  return useRoutes(candidateRoutes(routeObjects, pathname));
}

export function AppRouter({
  client: given,
  viewportWidth = null,
  serverConsent,
}: {
  client?: QueryClient;
  viewportWidth?: number | null;
  serverConsent?: ConsentChoice | null;
} = {}) {
  const [client] = useState(() => given ?? createQueryClient());
  return (
    <ShopProviders client={client} viewportWidth={viewportWidth} serverConsent={serverConsent}>
      <BrowserRouter>
        <ShopRoutes />
      </BrowserRouter>
    </ShopProviders>
  );
}
