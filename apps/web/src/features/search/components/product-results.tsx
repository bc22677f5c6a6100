import type { ProductListItem, Region } from '@shop/contract';
import { memo, type ReactNode } from 'react';
import { Notice } from '../../../components/notice';
import { ProductCard } from '../../../components/product-card';
import { formatCount } from '../../../lib/format-count';
import { HydrateLater } from '../../../lib/hydrate-later';
import { hasMore, type SearchData } from '../api/get-search-results';
import type { SearchLayout } from '../search-form';
import { LoadMore, PageTiles, PlaceholderCards, SearchPills } from './result-parts';
import { SearchEmpty } from './search-empty';
import type { Tab } from './search-header';

export { EMPTY_TEXT, NO_FILTER_MATCH_TEXT } from './search-empty';

/** Cards in the first row of a desktop grid: their pictures load first (the page's largest paint). */
const FIRST_ROW = 4;

/** Cards hydrated in one task while the page hydrates, after the results: a phone's row. */
const CARDS_PER_TURN = 2;

export function countText(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'result' : 'results'}`;
}

/**
 * The cards, apart from the page's own state: opening the refine sheet, ticking a facet or
 * choosing a sort re-renders the page, and without this every card with it before the next paint.
 * The products list keeps its identity until the results change (useSearchResults).
 */
const ResultCards = memo(function ResultCards({
  products,
  region,
  layout,
}: {
  products: ProductListItem[];
  region: Region;
  layout: SearchLayout;
}) {
  return (
    <ul className={`search-results__list search-results__list--${layout}`} aria-label="Items">
      {products.map((item, index) => (
        <li key={item.Code}>
          {/* Each card hydrates after the results, two per task (the first row's with the
              results was a task of 160 ms at a phone's speed). */}
          <HydrateLater name={`search-cards-${Math.floor(index / CARDS_PER_TURN)}`}>
            <ProductCard item={item} region={region} layout={layout} priority={index < FIRST_ROW} />
          </HydrateLater>
        </li>
      ))}
    </ul>
  );
});

/** The Products tab's body: loading, the error, the empty state with its two ways out, or the cards. */
function ProductResults({
  data,
  layout,
  region,
  tab,
  productCount,
  onLoadMore,
  onClearAll,
  onStartNewSearch,
  filtered,
  alert,
}: {
  data: SearchData;
  layout: SearchLayout;
  region: Region;
  tab: Tab;
  productCount: number;
  onLoadMore: () => void;
  onClearAll: () => void;
  onStartNewSearch: () => void;
  /** The shopper's filters are on (the empty state then says they are why). */
  filtered: boolean;
  /** The empty state's "Alert me when one comes in", from the page. */
  alert?: ReactNode;
}) {
  if (data.status === 'loading') {
    return (
      <>
        <p className="visually-hidden" role="status">
          Loading results...
        </p>
        <PlaceholderCards layout={layout} />
      </>
    );
  }
  if (data.status === 'error') {
    return <Notice kind="error">{data.error || 'Sorry, the search could not be completed.'}</Notice>;
  }
  // No products: the empty state (on the Products tab when pages were found).
  if (productCount === 0) {
    return (
      <SearchEmpty filtered={filtered} onClearAll={onClearAll} onStartNewSearch={onStartNewSearch} alert={alert} />
    );
  }
  return (
    <>
      <p className="visually-hidden" role="status">
        {`Showing ${formatCount(data.products.length)} of ${countText(productCount)}`}
      </p>
      <h2 className="visually-hidden">Products</h2>
      {data.products.length > 0 ? <ResultCards products={data.products} region={region} layout={layout} /> : null}
      <LoadMore
        more={hasMore(data, 'products')}
        loading={data.loadingMore}
        error={data.loadMoreError}
        auto={layout === 'list' && tab === 'products'}
        onLoad={onLoadMore}
      />
    </>
  );
}

/** The refine panel beside the products (pills above them), each hydrated after the page's main pass. */
export function ProductsArea({
  refinePanel,
  ...results
}: { refinePanel: ReactNode } & Parameters<typeof ProductResults>[0]) {
  const { data, layout } = results;
  return (
    <div className="search-layout">
      {/* Drawn by the server, the panel and the results each hydrate in a task after the page's
          main pass (the panel's groups and the results' further cards in tasks after that). */}
      <HydrateLater name="refine-panel">{refinePanel}</HydrateLater>
      <HydrateLater name="search-main">
        <div className="search-main">
          {data.value && data.status === 'done' ? <SearchPills pills={data.value.SearchPills} layout={layout} /> : null}
          <div className="search-results" aria-busy={data.status === 'loading'}>
            <ProductResults {...results} />
          </div>
        </div>
      </HydrateLater>
    </div>
  );
}

/** The Pages tab's tiles, with their own Load More. */
export function PagesPanel({
  id,
  hidden,
  data,
  auto,
  onLoadMore,
}: {
  id: string;
  hidden: boolean;
  data: SearchData;
  auto: boolean;
  onLoadMore: () => void;
}) {
  return (
    <div role="tabpanel" id={`${id}-panel-pages`} aria-labelledby={`${id}-tab-pages`} hidden={hidden}>
      <h2 className="visually-hidden">Pages</h2>
      <PageTiles items={data.content} />
      <LoadMore
        more={hasMore(data, 'pages')}
        loading={data.loadingMore}
        error={data.loadMoreError}
        auto={auto}
        onLoad={onLoadMore}
      />
    </div>
  );
}
