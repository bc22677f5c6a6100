import { GENERIC_ERROR_NOTICE } from '@shop/contract';
import { useEffect, useRef, useState } from 'react';
import { Notice } from '../../../components/notice';
import { ProductCard } from '../../../components/product-card';
import { HydrateLater } from '../../../lib/hydrate-later';
import { usePopularItems } from '../api/get-popular';
import '../../../components/item-list.css';
import '../home.css';

/** Cards in the first row of a desktop grid: their pictures load first (the page's largest paint). */
const FIRST_ROW = 4;

const PLACEHOLDERS = [1, 2, 3, 4];

/** Cards hydrated in one task: a phone's row. */
const CARDS_PER_TURN = 2;

/** Popular items in a grid, eight at a time; Load More appends the next page while pages come back full. */
export function PopularItems() {
  const { items, status, hasMore, load, loadMore } = usePopularItems();
  const [announcement, setAnnouncement] = useState('');
  const previousCount = useRef(0);

  useEffect(() => {
    if (status !== 'idle') return;
    const added = items.length - previousCount.current;
    if (previousCount.current > 0 && added > 0) setAnnouncement(`${added} more items shown, ${items.length} in all.`);
    previousCount.current = items.length;
  }, [items, status]);

  return (
    <section className="popular" aria-labelledby="popular-heading">
      <div className="section-heading">
        <h2 id="popular-heading">Popular right now</h2>
        <p className="section-heading__sub">What shoppers are looking at across every store.</p>
      </div>
      {status === 'loading' ? (
        <ul className="product-grid" aria-label="Loading popular items" aria-busy="true">
          {PLACEHOLDERS.map((n) => (
            <li key={n} className="placeholder-card" aria-hidden="true" />
          ))}
        </ul>
      ) : null}
      {status === 'error' && items.length === 0 ? (
        <div className="popular__error">
          <Notice kind="error">{GENERIC_ERROR_NOTICE}</Notice>
          <button type="button" className="button button--secondary" onClick={load}>
            Try again
          </button>
        </div>
      ) : null}
      {status !== 'loading' && status !== 'error' && items.length === 0 ? <Notice>No results!</Notice> : null}
      {items.length > 0 && status !== 'loading' ? (
        <ul className="product-grid" aria-label="Popular items">
          {items.map((item, index) => (
            <li key={item.Code}>
              {/* Two cards a task while the page hydrates: all eight in one was a long task on a
                  phone. */}
              <HydrateLater name={`popular-cards-${Math.floor(index / CARDS_PER_TURN)}`}>
                <ProductCard item={item} priority={index < FIRST_ROW} />
              </HydrateLater>
            </li>
          ))}
        </ul>
      ) : null}
      {status === 'error' && items.length > 0 ? <Notice kind="error">{GENERIC_ERROR_NOTICE}</Notice> : null}
      {items.length > 0 && (hasMore || status === 'loading-more') ? (
        <div className="load-more">
          <button
            type="button"
            className="button button--secondary load-more__button"
            onClick={loadMore}
            disabled={status === 'loading-more'}
            aria-busy={status === 'loading-more'}
          >
            {status === 'loading-more' ? 'Loading...' : 'Load More'}
          </button>
        </div>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
