import { WishlistPage as Wishlist } from '../../features/wishlist/components/wishlist-page';
import { useSiteSettings } from '../../lib/site-settings';
import { NotFoundPage } from './not-found-page';

/** /wishlist: only while WishlistsEnabled is on. */
export function WishlistPage() {
  const { WishlistsEnabled, loaded } = useSiteSettings();
  if (loaded && !WishlistsEnabled) return <NotFoundPage />;
  return loaded ? <Wishlist /> : null;
}
