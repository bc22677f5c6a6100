import type { ProductListItem } from '@shop/contract';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '../../../components/notice';
import { ProductCard } from '../../../components/product-card';
import { useNearScreen } from '../../../lib/use-near-screen';
import { useSimilarItems } from '../api/get-similar';
import '../../../components/item-list.css';
import '../product.css';

export const SIMILAR_ERROR = 'Items could not be displayed due to a communication error with the server.';
export const SIMILAR_EMPTY = 'No items could be found.';

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

function Carousel({ items }: { items: ProductListItem[] }) {
  const [viewportRef, embla] = useEmblaCarousel(CAROUSEL_OPTIONS);
  // The carousel starts (and its dots appear) as it nears the screen: far below the fold, starting
  // it with the page was a long task of its own on a phone (issue 13). Until then it shows its
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

/** Available items like this one, in a carousel, with a View more link to the matching search. */
export function SimilarItems({ code, searchUrl, sold = false }: { code: string; searchUrl: string; sold?: boolean }) {
  const [section, setSection] = useState<HTMLElement | null>(null);
  const state = useSimilarItems(code, useNearScreen(section));
  return (
    <section
      ref={setSection}
      className="similar"
      aria-labelledby="similar-heading"
      aria-busy={state.status === 'loading'}
    >
      <div className="section-heading">
        <div>
          <h2 id="similar-heading">{sold ? 'Similar items still available' : 'Similar items'}</h2>
          {sold ? (
            <p className="section-heading__sub">This one has sold, but these are available now.</p>
          ) : (
            <p className="section-heading__sub">More like this from stores across the country.</p>
          )}
        </div>
        <Link className="button button--secondary button--small" to={searchUrl}>
          View more
        </Link>
      </div>
      {state.status === 'loading' ? (
        <div className="similar__loading" aria-hidden="true">
          <span className="placeholder-card" />
          <span className="placeholder-card" />
          <span className="placeholder-card" />
        </div>
      ) : null}
      {state.status === 'error' ? <Notice kind="error">{SIMILAR_ERROR}</Notice> : null}
      {state.status === 'done' && state.value.ProductListItems.length === 0 ? (
        <Notice kind="error">{SIMILAR_EMPTY}</Notice>
      ) : null}
      {state.status === 'done' && state.value.ProductListItems.length > 0 ? (
        <Carousel items={state.value.ProductListItems} />
      ) : null}
    </section>
  );
}
