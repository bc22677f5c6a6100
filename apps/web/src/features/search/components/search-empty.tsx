import type { ReactNode } from 'react';

export const EMPTY_TEXT =
  'No results! Consider adjusting your filters, changing your search terms or browsing in a different product category.';

/** When the shopper's own filters left nothing: it says so, and offers to take them off. */
export const NO_FILTER_MATCH_TEXT = 'No items match these filters';

/**
 * The Products tab with no products. Filters chosen (the filter count above zero): it says the
 * filters are why, with Clear filters; otherwise the spec's empty state with Clear all filters and
 * Start a new search. Either way `alert` (the page's "Alert me when one comes in") follows.
 */
export function SearchEmpty({
  filtered,
  onClearAll,
  onStartNewSearch,
  alert,
}: {
  filtered: boolean;
  onClearAll: () => void;
  onStartNewSearch: () => void;
  alert?: ReactNode;
}) {
  return (
    <div className="search-empty">
      <p>{filtered ? NO_FILTER_MATCH_TEXT : EMPTY_TEXT}</p>
      <div className="search-empty__actions">
        <button type="button" className="search-button" onClick={onClearAll}>
          {filtered ? 'Clear filters' : 'Clear all filters'}
        </button>
        {filtered ? null : (
          <button type="button" className="search-button search-button--secondary" onClick={onStartNewSearch}>
            Start a new search
          </button>
        )}
        {alert}
      </div>
    </div>
  );
}
