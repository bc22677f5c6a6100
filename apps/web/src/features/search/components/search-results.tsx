import { MOBILE_MEDIA_QUERY, REGION_INFO, type SearchFormData } from '@shop/contract';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { regionOfPrice } from '../../../components/product-card-text';
import { afterNextPaint } from '../../../lib/after-next-paint';
import { useSiteSettings } from '../../../lib/site-settings';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useSearchResults } from '../api/get-search-results';
import { createRefineSheet } from '../refine-sheet';
import {
  canApply,
  clearedForm,
  filterCount,
  formFromParams,
  hasFilters,
  paramsFromForm,
  rememberLocation,
  type SearchLayout,
  searchKey,
  searchPath,
} from '../search-form';
import { usePageInUrl, useRememberedStart, useUrlForm } from '../use-search-page';
import { countText, PagesPanel, ProductsArea } from './product-results';
import { SheetRefinePanel } from './refine-panel';
import { BackToTop, Breadcrumbs } from './result-parts';
import { FOCUS_SEARCH_STATE } from './search-box';
import { SearchHeader, type Tab } from './search-header';
import '../search.css';

export { EMPTY_TEXT, NO_FILTER_MATCH_TEXT } from './product-results';

/**
 * To the top at once when the results change (a sort, a filter, a new search). A smooth scroll
 * started while the results were being replaced ended 49-83 px short of the top: the content
 * above the viewport changed height during the animation and the browser's scroll anchoring moved
 * its target with it. At the top there is no anchoring, so an instant scroll stays there.
 */
function scrollToTop() {
  window.scrollTo(0, 0);
}

/**
 * Apply (the form as the URL), Clear all and Start a new search, each back at the top. A new URL
 * redraws the page for its results; that waits for the frame after the tap (afterNextPaint), so
 * the tap's own answer (the pressed Apply, the sort just chosen) is painted at once. The same URL
 * asked for twice before then (a double tap) is followed once.
 */
function useSearchActions(path: string, form: SearchFormData) {
  const navigate = useNavigate();
  const pending = useRef<string | null>(null);
  const apply = (next: SearchFormData) => {
    rememberLocation(next);
    const qs = paramsFromForm({ ...next, page: undefined }).toString();
    const to = qs ? `${path}?${qs}` : path;
    if (pending.current === to) return;
    pending.current = to;
    afterNextPaint(() => {
      pending.current = null;
      navigate(to);
      scrollToTop();
    });
  };
  const clearAll = () => apply(clearedForm(form));
  const startNewSearch = () => {
    rememberLocation({});
    // The search bar is rebuilt for the new URL; it takes focus when it sees this state.
    navigate(path, { state: { [FOCUS_SEARCH_STATE]: true } });
    scrollToTop();
  };
  return { apply, clearAll, startNewSearch };
}

/**
 * The search results page (storefront.md screen 4). The URL is the state: the form edits a copy of
 * the URL's filters and Apply (or a sort, or Clear all) writes it back; results follow the URL.
 */
export function SearchResults({ layout = 'list', alert }: { layout?: SearchLayout; alert?: ReactNode }) {
  const [params] = useSearchParams();
  const id = useId();
  const urlKey = params.toString();
  const path = searchPath(layout);
  const small = useMediaQuery(MOBILE_MEDIA_QUERY);
  const settings = useSiteSettings();
  const startUrl = useRememberedStart(params, path);
  const onLoadedMore = usePageInUrl(urlKey, path);
  const { data, loadMore } = useSearchResults(params, { enabled: startUrl === null, onLoadedMore });
  const key = searchKey(params);
  const [form, setForm] = useUrlForm(params);
  const { apply, clearAll, startNewSearch } = useSearchActions(path, form);
  const [sheet] = useState(createRefineSheet);
  const [tabChoice, setTabChoice] = useState<{ key: string; tab: Tab } | null>(null);

  // Results in: the small-screen refine panel closes.
  useEffect(() => {
    if (data.status === 'done') sheet.set(false);
  }, [data.status, sheet]);

  const rootRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const filterButtonRef = useRef<HTMLButtonElement>(null);

  const value = data.value;
  const productCount = value?.ProductList.ProductListItemCount ?? 0;
  const pageCount = value?.ContentListResults.ContentListItemCount ?? 0;
  const showTabs = data.status === 'done' && pageCount > 0;
  const count = filterCount(params);
  // Only pages found for the words alone open on Pages; filters that leave no products stay on
  // Products, which says so and keeps the Filter button (Pages has none) to loosen them.
  const defaultTab: Tab = productCount === 0 && pageCount > 0 && count === 0 ? 'pages' : 'products';
  const tab: Tab = showTabs ? (tabChoice?.key === key ? tabChoice.tab : defaultTab) : 'products';
  const region = settings.loaded ? settings.Region : data.products[0] ? regionOfPrice(data.products[0].Sp) : 'AU';
  const sortValue = form.Sort ?? value?.SortOptions.find((option) => option.Selected)?.Value ?? '';
  const otherLayout: SearchLayout = layout === 'grid' ? 'list' : 'grid';

  const heading =
    data.status === 'loading'
      ? 'Searching...'
      : data.status === 'error'
        ? 'Search results'
        : countText(tab === 'pages' ? pageCount : productCount);

  const crumbs = value ? <Breadcrumbs crumbs={value.Breadcrumbs} layout={layout} /> : null;
  // Small screens keep the count on a line of its own above the controls (50 px), both sticky;
  // the breadcrumbs scroll away.
  const title = (
    <h1 className="search-toolbar__count" ref={headingRef} tabIndex={-1}>
      {heading}
    </h1>
  );

  const refinePanel = (
    <SheetRefinePanel
      sheet={sheet}
      id={`${id}-refine`}
      value={value}
      loading={data.status === 'loading'}
      form={form}
      onChange={setForm}
      onApply={() => apply(form)}
      onClearAll={clearAll}
      applyEnabled={canApply(form, params)}
      clearEnabled={hasFilters(form) || hasFilters(formFromParams(params))}
      filterCount={count}
      small={small}
      onClose={() => {
        sheet.set(false);
        filterButtonRef.current?.focus();
      }}
      currencySymbol={REGION_INFO[region].currencySymbol}
    />
  );

  const productsArea = (
    <ProductsArea
      refinePanel={refinePanel}
      data={data}
      layout={layout}
      region={region}
      tab={tab}
      productCount={productCount}
      onLoadMore={loadMore}
      onClearAll={clearAll}
      onStartNewSearch={startNewSearch}
      filtered={count > 0}
      alert={alert}
    />
  );

  return (
    <div ref={rootRef} className={`search-page search-page--${layout}${showTabs ? ' search-page--tabs' : ''}`}>
      {/* Not a part of its own: a part must be drawn by the server and the browser alike, and
          whether this is a phone is the browser's to say (the server guesses from the request). */}
      {small ? crumbs : null}
      <div ref={sentinelRef} className="search-sticky-sentinel" />
      <SearchHeader
        id={id}
        layout={layout}
        rootRef={rootRef}
        sentinelRef={sentinelRef}
        title={title}
        crumbs={crumbs}
        showTabs={showTabs}
        tab={tab}
        onTab={(t) => setTabChoice({ key, tab: t })}
        productCount={productCount}
        pageCount={pageCount}
        controls={{
          sheet,
          filterButtonRef,
          filterCount: count,
          value,
          sortValue,
          onSort: (Sort) => apply({ ...form, Sort }),
          otherLayoutUrl: `${searchPath(otherLayout)}${urlKey ? `?${urlKey}` : ''}`,
        }}
      />
      {showTabs ? (
        <>
          <div
            role="tabpanel"
            id={`${id}-panel-products`}
            aria-labelledby={`${id}-tab-products`}
            hidden={tab !== 'products'}
          >
            {productsArea}
          </div>
          <PagesPanel
            id={id}
            hidden={tab !== 'pages'}
            data={data}
            auto={layout === 'list' && tab === 'pages'}
            onLoadMore={loadMore}
          />
        </>
      ) : (
        productsArea
      )}
      <BackToTop focusTarget={headingRef} />
    </div>
  );
}
