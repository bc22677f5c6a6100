import { REGION_INFO, type Region, Regions } from '@shop/contract';
import { type FormEvent, useEffect, useState } from 'react';
import type { StoreFilters } from './store-filter';

/**
 * Words and region. The region applies at once; the words on Enter or the Search button. Every
 * change starts again at page 1.
 */
export function StoreSearch({
  filters,
  onChange,
}: {
  filters: StoreFilters;
  onChange: (filters: StoreFilters) => void;
}) {
  const [query, setQuery] = useState(filters.query);
  // Back and Forward change the URL under the form: the box follows.
  useEffect(() => setQuery(filters.query), [filters.query]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filters, query: query.trim(), page: 1 });
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is not yet in React's JSX types; the role gives the same landmark.
    <form className="admin-search" role="search" aria-label="Find stores" onSubmit={submit}>
      <div className="field admin-search__query">
        <label htmlFor="admin-store-query">Name, town, state or county, or slug</label>
        <input
          id="admin-store-query"
          type="search"
          name="query"
          maxLength={100}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="admin-store-region">Region</label>
        <select
          id="admin-store-region"
          name="region"
          value={filters.region}
          onChange={(event) =>
            onChange({ ...filters, query: query.trim(), region: event.target.value as Region | '', page: 1 })
          }
        >
          <option value="">Both regions</option>
          {Regions.map((region) => (
            <option key={region} value={region}>
              {REGION_INFO[region].name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--secondary">
        Search
      </button>
    </form>
  );
}
