import { useContext } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { CartButton } from '../features/cart/components/cart-modal';
import { CookieConsent } from '../features/layout/components/cookie-consent';
import { SiteFooter } from '../features/layout/components/site-footer';
import { SiteHeader } from '../features/layout/components/site-header';
import { SaveSearchStar } from '../features/saved-searches/components/save-search-star';
import { SearchBox } from '../features/search/components/search-box';
import { HydrateLater } from '../lib/hydrate-later';
import { ServerConsentContext } from '../lib/server-consent';
import { useSiteSettings } from '../lib/site-settings';

/**
 * The shop's layout route: every page's frame (skip link, header with the search bar, main
 * content, footer, consent banner), with the page in its outlet.
 */
export function ShopLayout() {
  const [params] = useSearchParams();
  const query = params.get('query') ?? '';
  const { SuggestionMinLength } = useSiteSettings();
  // The server drew the cookie banner into the page for a visitor who has not chosen (null).
  const bannerInPage = useContext(ServerConsentContext) === null;
  // The header, the page, the footer and the cookie banner hydrate after the main pass, each in a
  // task of its own (HydrateLater): on screen from the first paint, they only become interactive a
  // moment later.
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <HydrateLater name="header">
        <SiteHeader
          search={
            <SearchBox key={query} initial={query} minLength={SuggestionMinLength} saveStar={<SaveSearchStar />} />
          }
          actions={<CartButton />}
        />
      </HydrateLater>
      {/* The page too: the main pass is then the providers, the router and this frame alone. */}
      <HydrateLater name="page">
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
      </HydrateLater>
      <HydrateLater name="footer">
        <SiteFooter />
      </HydrateLater>
      {/* A part must render one element: only a banner the server drew waits for its turn. */}
      {bannerInPage ? (
        <HydrateLater name="cookie-banner">
          <CookieConsent />
        </HydrateLater>
      ) : (
        <CookieConsent />
      )}
    </>
  );
}
