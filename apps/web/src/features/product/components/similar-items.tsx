import type { ProductListItem } from '@shop/contract';
import { type ComponentType, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '../../../components/notice';
import { useNearScreen } from '../../../lib/use-near-screen';
import { useSimilarItems } from '../api/get-similar';
import '../../../components/item-list.css';
import '../product.css';

export const SIMILAR_ERROR = 'Items could not be displayed due to a communication error with the server.';
export const SIMILAR_EMPTY = 'No items could be found.';

type Carousel = ComponentType<{ items: ProductListItem[] }>;

/**
 * The carousel's chunk, asked for once the section nears the screen (alongside the items). A chunk
 * that cannot load says so where the items would be; it never takes the page down with it.
 */
function useCarousel(wanted: boolean): { carousel: Carousel | null; failed: boolean } {
  const [state, setState] = useState<{ carousel: Carousel | null; failed: boolean }>({ carousel: null, failed: false });
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    import('./similar-carousel')
      .then((module) => {
        if (live) setState({ carousel: module.SimilarCarousel, failed: false });
      })
      .catch(() => {
        if (live) setState({ carousel: null, failed: true });
      });
    return () => {
      live = false;
    };
  }, [wanted]);
  return state;
}

/**
 * The loading state's cards (the server draws them; they stay until the items and the carousel are
 * here). They shimmer only once the items are being fetched: a shimmer is a style change in every
 * frame, and waiting below the fold for the shopper to scroll it kept a product page's main thread
 * and compositor drawing frames for as long as the page was open (144 frames in a three-second
 * trace, while the page was still loading).
 */
function LoadingCards({ fetching }: { fetching: boolean }) {
  return (
    <div className={fetching ? 'similar__loading' : 'similar__loading similar__loading--still'} aria-hidden="true">
      <span className="placeholder-card" />
      <span className="placeholder-card" />
      <span className="placeholder-card" />
    </div>
  );
}

/** Available items like this one, in a carousel, with a View more link to the matching search. */
export function SimilarItems({ code, searchUrl, sold = false }: { code: string; searchUrl: string; sold?: boolean }) {
  const [section, setSection] = useState<HTMLElement | null>(null);
  const near = useNearScreen(section);
  const state = useSimilarItems(code, near);
  const { carousel: SimilarCarousel, failed } = useCarousel(near);
  const items = state.status === 'done' ? state.value.ProductListItems : [];
  const waiting = state.status === 'loading' || (items.length > 0 && !SimilarCarousel && !failed);
  return (
    <section ref={setSection} className="similar" aria-labelledby="similar-heading" aria-busy={waiting}>
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
      {waiting ? <LoadingCards fetching={near} /> : null}
      {state.status === 'error' || (items.length > 0 && failed) ? <Notice kind="error">{SIMILAR_ERROR}</Notice> : null}
      {state.status === 'done' && items.length === 0 ? <Notice kind="error">{SIMILAR_EMPTY}</Notice> : null}
      {items.length > 0 && SimilarCarousel ? <SimilarCarousel items={items} /> : null}
    </section>
  );
}
