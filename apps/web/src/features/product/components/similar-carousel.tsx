import type { ProductListItem } from '@shop/contract';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import { ProductCard } from '../../../components/product-card';
import { useNearScreen } from '../../../lib/use-near-screen';

/*
 * The similar items' carousel: its own chunk (similar-items.tsx loads it as the section nears the screen), so
 * Embla, the product card and its stylesheet are neither downloaded with a product page nor written
 * into its HTML (the product page's JavaScript budget).
 */

/**
 * 5.5 cards in view scrolling 5; 4.5/4 up to 1024 px; 3.5/3 up to 768; 2.5/2 up to 520 (storefront.md 9).
 * The widths are in product.css; Embla takes the scroll steps. Later queries win, so widest first.
 */
const CAROUSEL_OPTIONS = {
  align: 'start' as const,
  loop: false,
  containScroll: 'trimSnaps' as const,
  slidesToScroll: 5,
  breakpoints: {
    '(max-width: 1024px)': { slidesToScroll: 4 },
    '(max-width: 768px)': { slidesToScroll: 3 },
    '(max-width: 520px)': { slidesToScroll: 2 },
  },
};

export function SimilarCarousel({ items }: { items: ProductListItem[] }) {
  const [viewportRef, embla] = useEmblaCarousel(CAROUSEL_OPTIONS);
  // The carousel starts (and its dots appear) as it nears the screen: far below the fold, starting
  // it with the page was a long task of its own on a phone. Until then it shows its
  // first cards, as the server drew them.
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const near = useNearScreen(viewport);
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      setViewport(element);
      if (near) viewportRef(element);
    },
    [near, viewportRef],
  );
  const [snaps, setSnaps] = useState<number[]>([]);
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!embla) return;
    const onInit = () => setSnaps(embla.scrollSnapList());
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onInit();
    onSelect();
    embla.on('reInit', onInit).on('reInit', onSelect).on('select', onSelect);
    return () => {
      embla.off('reInit', onInit).off('reInit', onSelect).off('select', onSelect);
    };
  }, [embla]);
  return (
    <div className="carousel similar__carousel">
      <div className="carousel__viewport" ref={ref}>
        <ul className="carousel__container similar__list" aria-label="Similar items">
          {items.map((item) => (
            <li key={item.Code} className="carousel__slide similar__slide">
              <ProductCard item={item} />
            </li>
          ))}
        </ul>
      </div>
      {snaps.length > 1 ? (
        <div className="carousel__dots">
          {snaps.map((snap, index) => (
            <button
              key={snap}
              type="button"
              className="carousel__dot"
              aria-label={`Show group ${index + 1} of ${snaps.length}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => embla?.scrollTo(index)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
