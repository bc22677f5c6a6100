import { AlertFrequencyLabel, type SavedSearch } from '@shop/contract';

/** 'Results for ‘term’ with N filters' (account.md 2.4); one filter reads '1 filter'. */
export function resultsSummary(search: Pick<SavedSearch, 'SearchTerm' | 'FiltersNumber'>): string {
  const n = search.FiltersNumber;
  const filters = `${n} ${n === 1 ? 'filter' : 'filters'}`;
  const term = search.SearchTerm.trim();
  return term ? `Results for \u2018${term}\u2019 with ${filters}` : `Results for all items with ${filters}`;
}

export function frequencyLabel(value: number): string {
  return AlertFrequencyLabel[value] ?? String(value);
}

/** The saved search's own link: a path on this site (the search page with its query). */
export function searchHref(search: Pick<SavedSearch, 'SearchUrl'>): string {
  const url = search.SearchUrl.trim();
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return `/search-results${url.startsWith('?') ? url : url ? `?${url}` : ''}`;
}
