import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { CartProvider } from './cart-provider';
import { ShopLayout } from './layout';
import { CartPage, CheckoutPage } from './pages/cart-page';
import { ContentPage } from './pages/content-page';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { ProductPage } from './pages/product-page';
import { SearchResultsPage } from './pages/search-results-page';
import { WishlistPage } from './pages/wishlist-page';
import { RequireViewer } from './require-viewer';
import { SiteSettingsProvider } from './site-settings-provider';
import { WishlistProvider } from './wishlist-provider';

/** A new page starts at the top (unless the link points at an anchor on it). */
function ScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path only, on purpose
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function AppRouter() {
  // One cache of server state for the visit (TanStack Query).
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <SiteSettingsProvider>
        <BrowserRouter>
          <CartProvider>
            <WishlistProvider>
              <ScrollToTopOnNavigate />
              <Routes>
                <Route element={<ShopLayout />}>
                  <Route path="/" element={<HomePage />} />
                  <Route path="/search-results/*" element={<SearchResultsPage />} />
                  <Route path="/shop" element={<SearchResultsPage />} />
                  <Route path="/product/:code/*" element={<ProductPage />} />
                  <Route path="/help/:slug" element={<ContentPage kind="help" />} />
                  <Route path="/stores/:slug" element={<ContentPage kind="store" />} />
                  <Route path="/cart" element={<CartPage />} />
                  <Route path="/checkout" element={<CheckoutPage />} />
                  <Route path="/wishlist" element={<WishlistPage />} />
                  {/* The account area: its pages arrive with accounts, behind this guard. */}
                  <Route path="/my-account" element={<RequireViewer />}>
                    <Route path="*" element={null} />
                  </Route>
                  <Route path="*" element={<NotFoundPage />} />
                </Route>
              </Routes>
            </WishlistProvider>
          </CartProvider>
        </BrowserRouter>
      </SiteSettingsProvider>
    </QueryClientProvider>
  );
}
