import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '../../../components/notice';
import { useNearScreen } from '../../../lib/use-near-screen';
import { useSimilarItems } from '../api/get-similar';
import '../../../components/item-list.css';
import '../product.css';

export const SIMILAR_ERROR = 'Items could not be displayed due to a communication error with the server.';
export const SIMILAR_EMPTY = 'No items could be found.';

const loadCarousel = () => import('./similar-carousel').then((m) => ({ default: m.SimilarCarousel }));
const SimilarCarousel = lazy(loadCarousel);

/** The loading state's cards (the server draws them; the carousel's chunk is fetched behind them). */
function LoadingCards() {
  return (
    <div className="similar__loading" aria-hidden="true">
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
  // The carousel's code alongside the items, not after them.
  useEffect(() => {
    if (near) void loadCarousel();
  }, [near]);
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
      {state.status === 'loading' ? <LoadingCards /> : null}
      {state.status === 'error' ? <Notice kind="error">{SIMILAR_ERROR}</Notice> : null}
      {state.status === 'done' && state.value.ProductListItems.length === 0 ? (
        <Notice kind="error">{SIMILAR_EMPTY}</Notice>
      ) : null}
      {state.status === 'done' && state.value.ProductListItems.length > 0 ? (
        <Suspense fallback={<LoadingCards />}>
          <SimilarCarousel items={state.value.ProductListItems} />
        </Suspense>
      ) : null}
    </section>
  );
}
