import { MOBILE_MEDIA_QUERY, REGION_INFO, type SearchFormData } from '@shop/contract';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Notice } from '../../../components/notice';
import { ProductCard } from '../../../components/product-card';
import { regionOfPrice } from '../../../components/product-card-text';
import { SortDropdown } from '../../../components/sort-dropdown';
import { useSiteSettings } from '../../../lib/site-settings';
import { useRendersServerHtml } from '../../../lib/ssr-state';
import { throttle } from '../../../lib/throttle';
import { useMediaQuery } from '../../../lib/use-media-query';
import { hasMore, useSearchResults } from '../api/get-search-results';
import {
  applyRememberedLocation,
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
import { RefinePanel } from './refine-panel';
import { BackToTop, Breadcrumbs, LoadMore, PageTiles, PlaceholderCards, SearchPills } from './result-parts';
import { FOCUS_SEARCH_STATE } from './search-box';
import '../search.css';
import { Icon } from '../../../components/icon';
import { writeRule } from '../../../lib/adopted-rule';
import { formatCount } from '../../../lib/format-count';
import { HydrateLater } from '../../../lib/hydrate-later';
import { measureInFrame } from '../../../lib/layout-frame';

/** Cards in the first row of a desktop grid: their pictures load first (the page's largest paint). */
const FIRST_ROW = 4;

/** Cards hydrated in one task while the page hydrates, after the results: a phone's row (issue 13). */
const CARDS_PER_TURN = 2;

type Tab = 'products' | 'pages';
const STICKY_THROTTLE_MS = 20;

export const EMPTY_TEXT =
  'No results! Consider adjusting your filters, changing your search terms or browsing in a different product category.';

/**
 * To the top at once when the results change (a sort, a filter, a new search). A smooth scroll
 * started while the results were being replaced ended 49-83 px short of the top: the content
 * above the viewport changed height during the animation and the browser's scroll anchoring moved
 * its target with it. At the top there is no anchoring, so an instant scroll stays there.
 */
function scrollToTop() {
  window.scrollTo(0, 0);
}

function countText(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'result' : 'results'}`;
}

/**
 * Keeps the search header's height current as a CSS variable (the refine panel sticks below it)
 * and reports whether the search header is stuck (throttled): it sticks just below what the sticky
 * site header leaves on screen, published by the header as --header-stuck-h.
 */
function useStickyHeader(
  rootRef: React.RefObject<HTMLElement | null>,
  sentinelRef: React.RefObject<HTMLElement | null>,
  stickyRef: React.RefObject<HTMLElement | null>,
): boolean {
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    // Read by the refine panel alone (search.css): written for it, not inherited from the page.
    const writeHeight = (height: number) =>
      writeRule('search-sticky-h', `.refine { --search-sticky-h: ${height}px; }`, () =>
        root.style.setProperty('--search-sticky-h', `${height}px`),
      );
    const measure = () => writeHeight(stickyRef.current?.offsetHeight ?? 0);
    const isStuck = () => {
      const sentinel = sentinelRef.current;
      if (!sentinel) return null;
      const header = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-stuck-h'));
      return sentinel.getBoundingClientRect().top < (Number.isFinite(header) ? header : 0);
    };
    const check = throttle(() => {
      const next = isStuck();
      if (next !== null) setStuck(next);
    }, STICKY_THROTTLE_MS);
    // The first measurements share the frame's layout with the page's other measurements.
    const cancelHeight = measureInFrame(() => stickyRef.current?.offsetHeight ?? 0, writeHeight);
    const cancelCheck = measureInFrame(isStuck, (next) => {
      if (next !== null) setStuck(next);
    });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    if (stickyRef.current) observer?.observe(stickyRef.current);
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      cancelHeight();
      cancelCheck();
      observer?.disconnect();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', measure);
      check.cancel();
    };
  }, [rootRef, sentinelRef, stickyRef]);
  return stuck;
}

/**
 * The search header (count, tabs, filter, sort and layout), sticky below the site header. It
 * hydrates in a task of its own after the page (issue 13's blocking time): the page and its header
 * were one task of 110 ms at a phone's speed. Its stickiness and the screen it lays out for are
 * worked out here, where its element is.
 */
function SearchSticky({
  rootRef,
  sentinelRef,
  children,
}: {
  rootRef: React.RefObject<HTMLElement | null>;
  sentinelRef: React.RefObject<HTMLElement | null>;
  /** Its content for a phone's layout or a larger screen's. */
  children: (small: boolean) => React.ReactNode;
}) {
  const stickyRef = useRef<HTMLDivElement>(null);
  const stuck = useStickyHeader(rootRef, sentinelRef, stickyRef);
  // Worked out here, not passed in by the page: hydrating after the page, the header is drawn
  // first as the server drew it (its guess of the screen), then for the screen there is. Given the
  // page's value, already the browser's by then, it hydrated a phone's header into a desktop's
  // markup where the server guessed wrong (the count's heading ended up inside the tab list).
  const small = useMediaQuery(MOBILE_MEDIA_QUERY);
  return (
    <div ref={stickyRef} className={`search-sticky${stuck ? ' search-sticky--stuck' : ''}`}>
      {children(small)}
    </div>
  );
}

/** Products and Pages tabs with their count pills (WAI-ARIA tabs; arrows move between them). */
function Tabs({
  id,
  tab,
  onTab,
  products,
  pages,
}: {
  id: string;
  tab: Tab;
  onTab: (tab: Tab) => void;
  products: number;
  pages: number;
}) {
  const tabs: { key: Tab; label: string; count: number }[] = [
    { key: 'products', label: 'Products', count: products },
    { key: 'pages', label: 'Pages', count: pages },
  ];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const next: Tab =
      event.key === 'Home' ? 'products' : event.key === 'End' ? 'pages' : tab === 'products' ? 'pages' : 'products';
    onTab(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };
  return (
    <div className="search-tabs" role="tablist" aria-label="Search results" onKeyDown={onKeyDown}>
      {tabs.map((t) => (
        <button
          key={t.key}
          type="button"
          role="tab"
          id={`${id}-tab-${t.key}`}
          aria-selected={tab === t.key}
          aria-controls={`${id}-panel-${t.key}`}
          tabIndex={tab === t.key ? 0 : -1}
          className="search-tabs__tab"
          onClick={() => onTab(t.key)}
        >
          {t.label} <span className="search-tabs__pill">{formatCount(t.count)}</span>
        </button>
      ))}
    </div>
  );
}

/**
 * The search results page (storefront.md screen 4). The URL is the state: the form edits a copy of
 * the URL's filters and Apply (or a sort, or Clear all) writes it back; results follow the URL.
 */
export function SearchResults({ layout = 'list' }: { layout?: SearchLayout }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = useId();
  const urlKey = params.toString();
  const path = searchPath(layout);
  const small = useMediaQuery(MOBILE_MEDIA_QUERY);
  const settings = useSiteSettings();

  // On start: nonsticky or 'all locations' forget the remembered location; a URL without one gets it back.
  // Local storage is this browser's alone: hydrating server HTML, it is read after the first render.
  const fromServer = useRendersServerHtml();
  const [startUrl, setStartUrl] = useState<string | null>(() =>
    fromServer ? null : (applyRememberedLocation(params)?.toString() ?? null),
  );
  const hydrated = useRef(fromServer);
  useEffect(() => {
    if (!hydrated.current) return;
    hydrated.current = false;
    const remembered = applyRememberedLocation(params)?.toString();
    if (remembered) setStartUrl(remembered);
  }, [params]);
  useEffect(() => {
    if (startUrl === null) return;
    if (urlKey === startUrl) setStartUrl(null);
    else navigate(`${path}?${startUrl}`, { replace: true });
  }, [startUrl, urlKey, navigate, path]);

  // After each load more the URL is replaced with the same search and the page reached.
  const latestUrl = useRef(urlKey);
  latestUrl.current = urlKey;
  const onLoadedMore = useCallback(
    (page: number) => {
      const next = new URLSearchParams(latestUrl.current);
      next.set('page', String(page));
      navigate(`${path}?${next}`, { replace: true });
    },
    [navigate, path],
  );
  const { data, loadMore } = useSearchResults(params, { enabled: startUrl === null, onLoadedMore });

  // The form is the URL's filters until the shopper changes it; a new URL resets it.
  const key = searchKey(params);
  const [formState, setFormState] = useState(() => ({ key, form: formFromParams(params) }));
  let form = formState.form;
  if (formState.key !== key) {
    form = formFromParams(params);
    setFormState({ key, form });
  }
  const setForm = (next: SearchFormData) => setFormState({ key, form: next });

  const [panelOpen, setPanelOpen] = useState(false);
  const [tabChoice, setTabChoice] = useState<{ key: string; tab: Tab } | null>(null);

  // Results in: the small-screen refine panel closes.
  useEffect(() => {
    if (data.status === 'done') setPanelOpen(false);
  }, [data.status]);

  const rootRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const filterButtonRef = useRef<HTMLButtonElement>(null);

  const apply = (next: SearchFormData) => {
    rememberLocation(next);
    const qs = paramsFromForm({ ...next, page: undefined }).toString();
    navigate(qs ? `${path}?${qs}` : path);
    scrollToTop();
  };
  const clearAll = () => apply(clearedForm(form));
  const startNewSearch = () => {
    rememberLocation({});
    // The search bar is rebuilt for the new URL; it takes focus when it sees this state.
    navigate(path, { state: { [FOCUS_SEARCH_STATE]: true } });
    scrollToTop();
  };

  const value = data.value;
  const productCount = value?.ProductList.ProductListItemCount ?? 0;
  const pageCount = value?.ContentListResults.ContentListItemCount ?? 0;
  const showTabs = data.status === 'done' && pageCount > 0;
  const defaultTab: Tab = productCount === 0 && pageCount > 0 ? 'pages' : 'products';
  const tab: Tab = showTabs ? (tabChoice?.key === key ? tabChoice.tab : defaultTab) : 'products';
  // No products: the empty state (on the Products tab when pages were found).
  const zero = data.status === 'done' && productCount === 0;
  const count = filterCount(params);
  const region = settings.loaded ? settings.Region : data.products[0] ? regionOfPrice(data.products[0].Sp) : 'AU';
  const sortValue = form.Sort ?? value?.SortOptions.find((option) => option.Selected)?.Value ?? '';
  const otherLayout: SearchLayout = layout === 'grid' ? 'list' : 'grid';
  const otherLayoutUrl = `${searchPath(otherLayout)}${urlKey ? `?${urlKey}` : ''}`;

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
    <RefinePanel
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
      open={panelOpen}
      small={small}
      onClose={() => {
        setPanelOpen(false);
        filterButtonRef.current?.focus();
      }}
      currencySymbol={REGION_INFO[region].currencySymbol}
    />
  );

  const productsBody =
    data.status === 'loading' ? (
      <>
        <p className="visually-hidden" role="status">
          Loading results...
        </p>
        <PlaceholderCards layout={layout} />
      </>
    ) : data.status === 'error' ? (
      <Notice kind="error">{data.error || 'Sorry, the search could not be completed.'}</Notice>
    ) : zero ? (
      <div className="search-empty">
        <p>{EMPTY_TEXT}</p>
        <div className="search-empty__actions">
          <button type="button" className="search-button" onClick={clearAll}>
            Clear all filters
          </button>
          <button type="button" className="search-button search-button--secondary" onClick={startNewSearch}>
            Start a new search
          </button>
        </div>
      </div>
    ) : (
      <>
        <p className="visually-hidden" role="status">
          {`Showing ${formatCount(data.products.length)} of ${countText(productCount)}`}
        </p>
        <h2 className="visually-hidden">Products</h2>
        {data.products.length > 0 ? (
          <ul className={`search-results__list search-results__list--${layout}`} aria-label="Items">
            {data.products.map((item, index) => (
              <li key={item.Code}>
                {/* Each card hydrates after the results, two per task (the first row's with the
                    results was a task of 160 ms at a phone's speed). */}
                <HydrateLater name={`search-cards-${Math.floor(index / CARDS_PER_TURN)}`}>
                  <ProductCard item={item} region={region} layout={layout} priority={index < FIRST_ROW} />
                </HydrateLater>
              </li>
            ))}
          </ul>
        ) : null}
        <LoadMore
          more={hasMore(data, 'products')}
          loading={data.loadingMore}
          error={data.loadMoreError}
          auto={layout === 'list' && tab === 'products'}
          onLoad={loadMore}
        />
      </>
    );

  const productsArea = (
    <div className="search-layout">
      {/* Drawn by the server, the panel and the results each hydrate in a task after the page's
          main pass (the panel's groups and the results' further cards in tasks after that). */}
      <HydrateLater name="refine-panel">{refinePanel}</HydrateLater>
      <HydrateLater name="search-main">
        <div className="search-main">
          {value && data.status === 'done' ? <SearchPills pills={value.SearchPills} layout={layout} /> : null}
          <div className="search-results" aria-busy={data.status === 'loading'}>
            {productsBody}
          </div>
        </div>
      </HydrateLater>
    </div>
  );

  return (
    <div
      ref={rootRef}
      className={`search-page search-page--${layout}${showTabs ? ' search-page--tabs' : ''}${panelOpen ? ' search-page--refine-open' : ''}`}
    >
      {/* Not a part of its own: a part must be drawn by the server and the browser alike, and
          whether this is a phone is the browser's to say (the server guesses from the request). */}
      {small ? crumbs : null}
      <div ref={sentinelRef} className="search-sticky-sentinel" />
      <HydrateLater name="search-sticky">
        <SearchSticky rootRef={rootRef} sentinelRef={sentinelRef}>
          {(small) => (
            <>
              {small ? <div className="search-toolbar__title search-toolbar__title--small">{title}</div> : null}
              {showTabs ? (
                <Tabs
                  id={id}
                  tab={tab}
                  onTab={(t) => setTabChoice({ key, tab: t })}
                  products={productCount}
                  pages={pageCount}
                />
              ) : null}
              {/* On a phone the Pages tab would leave this row empty (the count sits above the tabs). */}
              {small && tab === 'pages' ? null : (
                <div className="search-toolbar">
                  {small ? null : (
                    <div className="search-toolbar__title">
                      {crumbs}
                      {title}
                    </div>
                  )}
                  {/* Filters, sort and layout act on products only: the Pages tab has none of them. */}
                  {tab === 'pages' ? null : (
                    <div className="search-toolbar__controls">
                      <button
                        ref={filterButtonRef}
                        type="button"
                        className="search-toolbar__filter"
                        aria-expanded={panelOpen}
                        aria-controls={`${id}-refine`}
                        onClick={() => setPanelOpen(!panelOpen)}
                      >
                        <Icon name="filter" size={16} />
                        Filter
                        {count > 0 ? (
                          <span className="search-toolbar__badge">
                            {count}
                            <span className="visually-hidden"> active</span>
                          </span>
                        ) : null}
                      </button>
                      {value && value.SortOptions.length > 0 ? (
                        <SortDropdown
                          className="search-toolbar__sort"
                          options={value.SortOptions.map((option) => ({
                            value: option.Value,
                            label: option.DisplayName,
                          }))}
                          value={sortValue}
                          onChange={(Sort) => apply({ ...form, Sort })}
                        />
                      ) : null}
                      <Link
                        className="search-toolbar__layout"
                        to={otherLayoutUrl}
                        aria-label={layout === 'grid' ? 'Show as a list' : 'Show as a grid'}
                        title={layout === 'grid' ? 'Show as a list' : 'Show as a grid'}
                      >
                        {layout === 'grid' ? <Icon name="list" size={18} /> : <Icon name="grid" size={18} />}
                      </Link>
                    </div>
                  )}
                </div>
              )}
            </>
          )}
        </SearchSticky>
      </HydrateLater>
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
          <div role="tabpanel" id={`${id}-panel-pages`} aria-labelledby={`${id}-tab-pages`} hidden={tab !== 'pages'}>
            <h2 className="visually-hidden">Pages</h2>
            <PageTiles items={data.content} />
            <LoadMore
              more={hasMore(data, 'pages')}
              loading={data.loadingMore}
              error={data.loadMoreError}
              auto={layout === 'list' && tab === 'pages'}
              onLoad={loadMore}
            />
          </div>
        </>
      ) : (
        productsArea
      )}
      <BackToTop focusTarget={headingRef} />
    </div>
  );
}
