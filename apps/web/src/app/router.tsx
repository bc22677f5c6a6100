import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { CartProvider } from './cart-provider';
import { ShopLayout } from './layout';
import { DashboardPage } from './pages/account/dashboard-page';
import { OrderDetailPage } from './pages/account/order-detail-page';
import { OrderHistoryPage } from './pages/account/order-history-page';
import { PasskeysPage } from './pages/account/passkeys-page';
import { PasswordPage } from './pages/account/password-page';
import { ProfilePage } from './pages/account/profile-page';
import { SavedSearchesPage } from './pages/account/saved-searches-page';
import { CartPage } from './pages/cart-page';
import { CheckoutPage } from './pages/checkout-page';
import { ContentPage } from './pages/content-page';
import { ForgotPasswordPage } from './pages/forgot-password-page';
import { GstInvoicePage } from './pages/gst-invoice-page';
import { HomePage } from './pages/home-page';
import { LoginPage } from './pages/login-page';
import { LogoutPage } from './pages/logout-page';
import { NotFoundPage } from './pages/not-found-page';
import { OrderConfirmationPage } from './pages/order-confirmation-page';
import { ProductPage } from './pages/product-page';
import { RegisterPage } from './pages/register-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { SearchResultsPage } from './pages/search-results-page';
import { StorePage } from './pages/store-page';
import { WishlistPage } from './pages/wishlist-page';
import { RequireViewer } from './require-viewer';
import { ScrollMemory } from './scroll-memory';
import { SiteSettingsProvider } from './site-settings-provider';
import { ViewerProvider } from './viewer-provider';
import { WishlistProvider } from './wishlist-provider';

export function AppRouter() {
  // One cache of server state for the visit (TanStack Query).
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <SiteSettingsProvider>
        <ViewerProvider>
          <BrowserRouter>
            <CartProvider>
              <WishlistProvider>
                <ScrollMemory />
                <Routes>
                  <Route element={<ShopLayout />}>
                    <Route path="/" element={<HomePage />} />
                    <Route path="/search-results/*" element={<SearchResultsPage />} />
                    <Route path="/shop" element={<SearchResultsPage />} />
                    <Route path="/product/:code/*" element={<ProductPage />} />
                    <Route path="/help/:slug" element={<ContentPage />} />
                    <Route path="/stores/:slug" element={<StorePage />} />
                    <Route path="/cart" element={<CartPage />} />
                    {/* /checkout and /checkout/ alike (the router ignores a trailing slash). */}
                    <Route path="/checkout" element={<CheckoutPage />} />
                    <Route path="/checkout/confirmation/:reference?" element={<OrderConfirmationPage />} />
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
                </Routes>
              </WishlistProvider>
            </CartProvider>
          </BrowserRouter>
        </ViewerProvider>
      </SiteSettingsProvider>
    </QueryClientProvider>
  );
}
