import { Link } from 'react-router';
import '../home.css';

/** Shown in the banners' place when there are none, or they could not be loaded. */
export function BannerFallback() {
  return (
    <div className="banner-fallback">
      <p className="banner-fallback__title">Pre-loved goods from stores near you</p>
      <p>Search one-of-a-kind items from hundreds of stores, then collect in store or have it posted.</p>
      <Link className="button button--yellow" to="/shop">
        Browse everything
      </Link>
    </div>
  );
}
