import type { ContentListItem, SearchResultsValue } from '@shop/contract';
import { ContentType } from '@shop/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { throttle } from '../../../lib/throttle';
import { inLayout, type SearchLayout } from '../search-form';
import '../../../components/item-list.css';

export const AUTO_LOAD_THROTTLE_MS = 500;
/** Load more starts by itself once its button is within this many screen heights. */
export const AUTO_LOAD_SCREENS = 1.5;
export const PLACEHOLDER_CARDS = 4;
const PLACEHOLDER_KEYS = Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => `placeholder-${i}`);

export function Breadcrumbs({ crumbs, layout }: { crumbs: SearchResultsValue['Breadcrumbs']; layout: SearchLayout }) {
  return (
    <nav aria-label="Breadcrumbs" className="search-crumbs">
      <ol>
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${crumb.Url}-${crumb.Label}`}>
              <Link to={crumb.Url === '/' ? '/' : inLayout(crumb.Url, layout)} aria-current={last ? 'page' : undefined}>
                {crumb.Label}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export function SearchPills({ pills, layout }: { pills: SearchResultsValue['SearchPills']; layout: SearchLayout }) {
  if (pills.length === 0) return null;
  return (
    <nav className="search-pills" aria-label="Related categories">
      <ul className="search-pills__list">
        {pills.map((pill) => (
          <li key={pill.Url}>
            <Link
              className={`search-pill search-pill--${pill.Style || 'default'}`}
              to={inLayout(pill.Url, layout)}
              style={{ '--pill-colour': pill.BannerColour || undefined } as React.CSSProperties}
            >
              {pill.DisplayName}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function PlaceholderCards({ layout }: { layout: SearchLayout }) {
  return (
    <ul className={`search-results__list search-results__list--${layout}`} aria-hidden="true">
      {PLACEHOLDER_KEYS.map((key) => (
        <li key={key} className="placeholder-card">
          <span className="placeholder-card__image" />
          <span className="placeholder-card__line" />
          <span className="placeholder-card__line placeholder-card__line--short" />
          <span className="placeholder-card__line placeholder-card__line--price" />
        </li>
      ))}
    </ul>
  );
}

export function PageTiles({ items }: { items: ContentListItem[] }) {
  const id = useId();
  return (
    <ul className="page-tiles" aria-label="Pages">
      {items.map((item, i) => {
        const name = item.DisplayName || item.Name;
        const linkText = item.ContentType === ContentType.StorePage ? 'Store information' : 'Read more';
        return (
          <li key={item.Url}>
            <article className="page-tile" aria-labelledby={`${id}-${i}`}>
              <h3 className="page-tile__title" id={`${id}-${i}`}>
                {name}
              </h3>
              <p className="page-tile__description">{item.Description}</p>
              {/* The page's name completes the link's text for screen readers (who often list links
                alone) and search engines (who read the text, not aria-label); it starts with the
                visible text, so voice control finds it by what is shown. */}
              <a className="page-tile__link" href={item.Url}>
                {linkText}
                <span className="visually-hidden">: {name}</span>
              </a>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Load more, or 'No more results...'. With `auto`, loading starts once the button is within 1.5
 * screen heights of the top of the window (checked on scroll, at most every 500 ms).
 */
export function LoadMore({
  more,
  loading,
  error,
  auto,
  onLoad,
}: {
  more: boolean;
  loading: boolean;
  error: string | null;
  auto: boolean;
  onLoad: () => void;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const latest = useRef({ loading, onLoad, error });
  latest.current = { loading, onLoad, error };

  useEffect(() => {
    if (!auto || !more) return;
    const check = throttle(() => {
      const button = ref.current;
      // After a failure the shopper retries by hand, so a broken server is not asked in a loop.
      if (!button || button.offsetParent === null || latest.current.loading || latest.current.error) return;
      if (button.getBoundingClientRect().top < window.innerHeight * AUTO_LOAD_SCREENS) latest.current.onLoad();
    }, AUTO_LOAD_THROTTLE_MS);
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      check.cancel();
    };
  }, [auto, more]);

  if (!more) return <p className="load-more__done">No more results...</p>;
  return (
    <div className="load-more">
      {error ? (
        <p className="load-more__error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        ref={ref}
        type="button"
        className="load-more__button"
        aria-disabled={loading}
        aria-busy={loading}
        onClick={() => {
          if (!loading) onLoad();
        }}
      >
        {loading ? 'Loading...' : 'Load more'}
      </button>
    </div>
  );
}

/** Shown once the shopper has scrolled a screen down; takes them (and keyboard focus) back up. */
export function BackToTop({ focusTarget }: { focusTarget: React.RefObject<HTMLElement | null> }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const check = throttle(() => setShown(window.scrollY > window.innerHeight), 100);
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => {
      window.removeEventListener('scroll', check);
      check.cancel();
    };
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      aria-label="Back to top"
      title="Back to top"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
        focusTarget.current?.focus({ preventScroll: true });
      }}
    >
      <Icon name="chevron-up" size={22} />
    </button>
  );
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
