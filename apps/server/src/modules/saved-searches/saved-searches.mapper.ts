import type { SavedSearch } from '@shop/contract';
import { searchPageUrl } from './saved-search-url.js';
import type { SavedSearchRow } from './saved-searches.repository.js';

export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    Id: row.id,
    Name: row.name,
    SearchUrl: searchPageUrl(row.search_url),
    SearchTerm: row.search_term,
    FiltersNumber: row.filters_number,
    NotificationFrequency: row.frequency as SavedSearch['NotificationFrequency'],
    Email: row.email,
  };
}
