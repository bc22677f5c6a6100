import type { PredictiveValue } from '@shop/contract';

/** One choosable line of the suggestion panel. */
export interface SuggestionOption {
  id: string;
  label: string;
  url: string;
  iconUrl?: string;
}

export interface SuggestionGroup {
  id: string;
  title: string;
  kind: 'scoped' | 'product' | 'completion' | 'category';
  options: SuggestionOption[];
}

/**
 * The panel's groups in the spec's order: category-scoped searches (Type 0), products (Type 1),
 * completions, then top categories with their icons. Empty groups are left out.
 */
export function suggestionGroups(value: PredictiveValue, idPrefix = 'suggestion'): SuggestionGroup[] {
  let n = 0;
  const option = (label: string, url: string, iconUrl?: string): SuggestionOption => ({
    id: `${idPrefix}-${n++}`,
    label,
    url,
    ...(iconUrl ? { iconUrl } : {}),
  });
  const groups: SuggestionGroup[] = [
    {
      id: `${idPrefix}-scoped`,
      title: 'Search in a category',
      kind: 'scoped',
      options: value.PredectiveSearchItems.filter((item) => item.Type === 0).map((item) =>
        option(item.DisplayName, item.Url),
      ),
    },
    {
      id: `${idPrefix}-products`,
      title: 'Products',
      kind: 'product',
      options: value.PredectiveSearchItems.filter((item) => item.Type !== 0).map((item) =>
        option(item.DisplayName, item.Url),
      ),
    },
    {
      id: `${idPrefix}-completions`,
      title: 'Suggested searches',
      kind: 'completion',
      options: value.AutoCompleteItems.map((item) => option(item.PotentialSearchQuery, item.Url)),
    },
    {
      id: `${idPrefix}-categories`,
      title: 'Top categories',
      kind: 'category',
      options: (value.PredictiveCategories ?? []).map((item) =>
        option(item.CategoryName, item.CategoryUrl, item.IconUrl),
      ),
    },
  ];
  return groups.filter((group) => group.options.length > 0);
}

/** The next active option for a key press, wrapping at both ends; -1 means none. */
export function moveActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active < 0 || active >= count - 1 ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}
