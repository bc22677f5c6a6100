import { useEffect } from 'react';
import { useBanners } from '../../features/home/api/get-banners';
import { BannerCarousel } from '../../features/home/components/banner-carousel';
import { BannerFallback } from '../../features/home/components/banner-fallback';
import { PopularItems } from '../../features/home/components/popular-items';
import { HydrateLater } from '../../lib/hydrate-later';

export function HomePage() {
  const banners = useBanners();
  useEffect(() => {
    document.title = 'Secondhand: pre-loved goods from local stores';
  }, []);
  const hasBanners = banners.status === 'done' && banners.value.Banners.length > 0;
  return (
    <>
      <h1 className="visually-hidden">Secondhand: pre-loved goods from stores near you</h1>
      {banners.status === 'loading' ? <div className="banner-placeholder" aria-hidden="true" /> : null}
      {hasBanners ? (
        // Drawn by the server; its carousel starts in a task after the page's main pass.
        <HydrateLater name="banners">
          <BannerCarousel value={banners.value} />
        </HydrateLater>
      ) : null}
      {banners.status !== 'loading' && !hasBanners ? <BannerFallback /> : null}
      <HydrateLater name="popular-items">
        <PopularItems />
      </HydrateLater>
    </>
  );
}
