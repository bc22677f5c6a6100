import { type ConsoleCategory, ConsoleItemStatusSchema } from '@shop/contract';
import { type FormEvent, useEffect, useState } from 'react';
import type { StockFilters } from './api/stock-items';
import { STATUS_LABEL } from './stock-status';

/** The list's filters as the URL holds them (?query=&status=&category=&page=). */
export function filtersFrom(params: URLSearchParams): StockFilters {
  const status = ConsoleItemStatusSchema.safeParse(params.get('status'));
  const page = Number(params.get('page'));
  return {
    query: (params.get('query') ?? '').slice(0, 200),
    status: status.success ? status.data : '',
    category: /^[a-z0-9-]{1,80}$/.test(params.get('category') ?? '') ? (params.get('category') ?? '') : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function paramsFrom(filters: StockFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query) params.set('query', filters.query);
  if (filters.status) params.set('status', filters.status);
  if (filters.category) params.set('category', filters.category);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * Search words, status and category. The selects apply at once; the words on Enter or the Search
 * button. Every change starts again at page 1.
 */
export function StockFilterForm({
  filters,
  categories,
  onChange,
}: {
  filters: StockFilters;
  categories: ConsoleCategory[];
  onChange: (filters: StockFilters) => void;
}) {
  const [query, setQuery] = useState(filters.query);
  // Back and Forward change the URL under the form: the box follows.
  useEffect(() => setQuery(filters.query), [filters.query]);
  const apply = (next: Partial<StockFilters>) => onChange({ ...filters, query, ...next, page: 1 });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ query: query.trim() });
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is not yet in React's JSX types; the role gives the same landmark.
    <form className="stock-filters" role="search" aria-label="Find items" onSubmit={submit}>
      <div className="field stock-filters__query">
        <label htmlFor="stock-query">Search title, brand or code</label>
        <input
          id="stock-query"
          type="search"
          name="query"
          maxLength={200}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="stock-status">Status</label>
        <select
          id="stock-status"
          name="status"
          value={filters.status}
          onChange={(event) => apply({ status: event.target.value as StockFilters['status'] })}
        >
          <option value="">Any status</option>
          {ConsoleItemStatusSchema.options.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABEL[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="stock-category">Category</label>
        <select
          id="stock-category"
          name="category"
          value={filters.category}
          onChange={(event) => apply({ category: event.target.value })}
        >
          <option value="">Every category</option>
          {categories.map((c) => (
            <option key={c.Id} value={c.Slug}>
              {c.Path}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button stock-filters__submit">
        Search
      </button>
    </form>
  );
}
