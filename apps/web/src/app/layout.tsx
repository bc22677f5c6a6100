import { useContext } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { CartButton } from '../features/cart/components/cart-modal';
import { CookieConsent } from '../features/layout/components/cookie-consent';
import { SiteFooter } from '../features/layout/components/site-footer';
import { SiteHeader } from '../features/layout/components/site-header';
import { SaveSearchStar } from '../features/saved-searches/components/save-search-star';
import { PlaceButton } from '../features/search/components/place-button';
import { SearchBox } from '../features/search/components/search-box';
import { HydrateLater } from '../lib/hydrate-later';
import { ServerConsentContext } from '../lib/server-consent';
import { useSiteSettings } from '../lib/site-settings';

/**
 * The shop's layout route: every page's frame (consent banner, skip link, header with the search
 * bar, main content, footer), with the page in its outlet.
 */
export function ShopLayout() {
  const [params] = useSearchParams();
  const query = params.get('query') ?? '';
  const { SuggestionMinLength } = useSiteSettings();
  // The server drew the cookie banner into the page for a visitor who has not chosen (null).
  const bannerInPage = useContext(ServerConsentContext) === null;
  // The cookie banner, the header, the page and the footer hydrate after the main pass, each in a
  // task of its own (HydrateLater), in that order: on screen from the first paint, they only become
  // interactive a moment later.
  // The cookie banner comes first in the page, before the skip link (where GOV.UK places its
  // banner): a keyboard or screen-reader visitor meets the question before anything else and answers
  // it in a few Tab stops, instead of after every link of the page. It still shows at the bottom of
  // the window (fixed), and once answered it renders nothing, so "Skip to content" is then the first
  // stop.
  return (
    <>
      {/* A part must render one element: only a banner the server drew waits for its turn. */}
      {bannerInPage ? (
        <HydrateLater name="cookie-banner">
          <CookieConsent />
        </HydrateLater>
      ) : (
        <CookieConsent />
      )}
      {/* In a landmark of its own: after the banner's "About cookies" link it is no longer the
          page's first link, and content outside every landmark is lost to landmark navigation. */}
      <nav aria-label="Skip to content">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
      </nav>
      <HydrateLater name="header">
        <SiteHeader
          search={
            <SearchBox key={query} initial={query} minLength={SuggestionMinLength} saveStar={<SaveSearchStar />} />
          }
          actions={<CartButton />}
          place={<PlaceButton />}
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
    </>
  );
}
