import { Outlet, useSearchParams } from 'react-router';
import { CartButton } from '../features/cart/components/cart-modal';
import { CookieConsent } from '../features/layout/components/cookie-consent';
import { SiteFooter } from '../features/layout/components/site-footer';
import { SiteHeader } from '../features/layout/components/site-header';
import { SaveSearchStar } from '../features/saved-searches/components/save-search-star';
import { SearchBox } from '../features/search/components/search-box';
import { HydrateLater } from '../lib/hydrate-later';
import { useSiteSettings } from '../lib/site-settings';

/**
 * The shop's layout route: every page's frame (skip link, header with the search bar, main
 * content, footer, consent banner), with the page in its outlet.
 */
export function ShopLayout() {
  const [params] = useSearchParams();
  const query = params.get('query') ?? '';
  const { SuggestionMinLength } = useSiteSettings();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader
        search={<SearchBox key={query} initial={query} minLength={SuggestionMinLength} saveStar={<SaveSearchStar />} />}
        actions={<CartButton />}
      />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <HydrateLater name="footer">
        <SiteFooter />
      </HydrateLater>
      <CookieConsent />
    </>
  );
}
