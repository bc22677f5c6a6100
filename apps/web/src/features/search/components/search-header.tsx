import { DISTANCE_SORT, MOBILE_MEDIA_QUERY, NEAR_KEY, type SearchResultsValue } from '@shop/contract';
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '../../../components/icon';
import { SortDropdown } from '../../../components/sort-dropdown';
import { writeRule } from '../../../lib/adopted-rule';
import { formatCount } from '../../../lib/format-count';
import { HydrateLater } from '../../../lib/hydrate-later';
import { measureInFrame } from '../../../lib/layout-frame';
import { throttle } from '../../../lib/throttle';
import { useMediaQuery } from '../../../lib/use-media-query';
import { type RefineSheet, useRefineSheetOpen } from '../refine-sheet';
import type { SearchLayout } from '../search-form';
import { NearButton } from './place-button';

export type Tab = 'products' | 'pages';
const STICKY_THROTTLE_MS = 20;

/**
 * Keeps the search header's height current as a CSS variable (the refine panel sticks below it)
 * and reports whether the search header is stuck (throttled): it sticks just below what the sticky
 * site header leaves on screen, published by the header as --header-stuck-h.
 */
function useStickyHeader(
  rootRef: RefObject<HTMLElement | null>,
  sentinelRef: RefObject<HTMLElement | null>,
  stickyRef: RefObject<HTMLElement | null>,
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
 * hydrates in a task of its own after the page, to keep blocking time down: the page and its header
 * were one task of 110 ms at a phone's speed. Its stickiness and the screen it lays out for are
 * worked out here, where its element is.
 */
function SearchSticky({
  rootRef,
  sentinelRef,
  children,
}: {
  rootRef: RefObject<HTMLElement | null>;
  sentinelRef: RefObject<HTMLElement | null>;
  /** Its content for a phone's layout or a larger screen's. */
  children: (small: boolean) => ReactNode;
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
 * The sort's choices as the server offers them; with a place the nearest-first order is among them
 * (added here when the answer does not list it).
 */
export function sortChoices(value: SearchResultsValue, hasPlace: boolean): { value: string; label: string }[] {
  const options = value.SortOptions.map((option) => ({ value: option.Value, label: option.DisplayName }));
  const hasDistance = value.SortOptions.some((option) => option.KeyName === 'distance');
  if (hasPlace && !hasDistance) {
    options.push({ value: DISTANCE_SORT, label: DISTANCE_SORT_LABEL });
  }
  return options;
}

export const DISTANCE_SORT_LABEL = 'Distance: nearest first';

/** Opens and closes the refine sheet: it reads the sheet's state itself, so a tap redraws it alone. */
function FilterButton({
  id,
  sheet,
  buttonRef,
  filterCount,
}: {
  id: string;
  sheet: RefineSheet;
  buttonRef: RefObject<HTMLButtonElement | null>;
  filterCount: number;
}) {
  const open = useRefineSheetOpen(sheet);
  return (
    <button
      ref={buttonRef}
      type="button"
      className="search-toolbar__filter"
      aria-expanded={open}
      aria-controls={`${id}-refine`}
      onClick={() => sheet.set(!open)}
    >
      <Icon name="filter" size={16} />
      Filter
      {filterCount > 0 ? (
        <span className="search-toolbar__badge">
          {filterCount}
          <span className="visually-hidden"> active</span>
        </span>
      ) : null}
    </button>
  );
}

/** Filter, sort and layout: they act on products only, so the Pages tab has none of them. */
function ProductControls({
  id,
  layout,
  sheet,
  filterButtonRef,
  filterCount,
  value,
  sortValue,
  onSort,
  otherLayoutUrl,
  nearInRow = true,
}: {
  id: string;
  layout: SearchLayout;
  sheet: RefineSheet;
  filterButtonRef: RefObject<HTMLButtonElement | null>;
  filterCount: number;
  value: SearchResultsValue | null;
  sortValue: string;
  onSort: (sort: string) => void;
  otherLayoutUrl: string;
  nearInRow?: boolean;
}) {
  // The search has a place (`near`): the distance order is offered.
  const hasPlace = (useSearchParams()[0].get(NEAR_KEY) ?? '').trim() !== '';
  return (
    <div className="search-toolbar__controls">
      <FilterButton id={id} sheet={sheet} buttonRef={filterButtonRef} filterCount={filterCount} />
      {/* On a phone the place sits beside the count instead (SearchHeader): this row has no room. */}
      {nearInRow ? <NearButton /> : null}
      {value && value.SortOptions.length > 0 ? (
        <SortDropdown
          className="search-toolbar__sort"
          options={sortChoices(value, hasPlace)}
          value={sortValue}
          onChange={onSort}
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
  );
}

type ControlsProps = Omit<Parameters<typeof ProductControls>[0], 'id' | 'layout' | 'nearInRow'>;

/**
 * The sticky search header: on a phone the count on a line of its own above the tabs and controls;
 * on a larger screen the breadcrumbs and count beside the controls. Hydrated in a task of its own.
 */
export function SearchHeader({
  id,
  layout,
  rootRef,
  sentinelRef,
  title,
  crumbs,
  showTabs,
  tab,
  onTab,
  productCount,
  pageCount,
  controls,
}: {
  id: string;
  layout: SearchLayout;
  rootRef: RefObject<HTMLElement | null>;
  sentinelRef: RefObject<HTMLElement | null>;
  title: ReactNode;
  crumbs: ReactNode;
  showTabs: boolean;
  tab: Tab;
  onTab: (tab: Tab) => void;
  productCount: number;
  pageCount: number;
  controls: ControlsProps;
}) {
  return (
    <HydrateLater name="search-sticky">
      <SearchSticky rootRef={rootRef} sentinelRef={sentinelRef}>
        {(small) => (
          <>
            {small ? (
              <div className="search-toolbar__title search-toolbar__title--small">
                {title}
                {tab === 'pages' ? null : <NearButton />}
              </div>
            ) : null}
            {showTabs ? <Tabs id={id} tab={tab} onTab={onTab} products={productCount} pages={pageCount} /> : null}
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
                {tab === 'pages' ? null : <ProductControls id={id} layout={layout} nearInRow={!small} {...controls} />}
              </div>
            )}
          </>
        )}
      </SearchSticky>
    </HydrateLater>
  );
}
