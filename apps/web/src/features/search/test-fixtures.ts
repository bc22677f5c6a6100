import type { PredictiveValue, SearchResultsValue } from '@shop/contract';
import { makeItem } from '../../test/product-fixtures';

export { makeItem };

/** Small, typed fixtures for the search feature's component tests. */

export function makeResults(overrides: Partial<SearchResultsValue> = {}): SearchResultsValue {
  return {
    ProductList: { ProductListItems: [makeItem()], ProductListItemCount: 1 },
    ContentListResults: { ContentListItems: [], ContentListItemCount: 0 },
    CategoryFacetGroupList: [
      {
        Name: 'Category',
        GroupName: 'category',
        Count: 30,
        FacetItems: [
          {
            Term: 'Phones|phones',
            Name: 'Phones',
            Guid: 'phones',
            Count: 30,
            Selected: false,
            Url: '/search-results?category=phones',
            FacetItems: [
              {
                Term: 'Smartphones|smartphones',
                Name: 'Smartphones',
                Guid: 'smartphones',
                Count: 20,
                Selected: false,
                Url: '/search-results?category=smartphones',
                FacetItems: [],
              },
            ],
          },
        ],
      },
    ],
    StoreFacetGroupList: [
      {
        Name: 'New South Wales',
        Term: 'New South Wales|NSW',
        Guid: 'NSW',
        Count: 12,
        TotalStores: 2,
        TotalItemsInState: 12,
        Selected: false,
        Stores: [
          { Term: 'Parramatta|parramatta-nsw', Name: 'Parramatta', Guid: 'parramatta-nsw', Count: 7, Selected: false },
          { Term: 'Penrith|penrith-nsw', Name: 'Penrith', Guid: 'penrith-nsw', Count: 5, Selected: false },
        ],
      },
      {
        Name: 'Victoria',
        Term: 'Victoria|VIC',
        Guid: 'VIC',
        Count: 18,
        TotalStores: 1,
        TotalItemsInState: 18,
        Selected: false,
        Stores: [{ Term: 'Geelong|geelong-vic', Name: 'Geelong', Guid: 'geelong-vic', Count: 18, Selected: false }],
      },
    ],
    UpperFacetGroupList: [
      {
        Name: 'Brand',
        GroupName: 'brand',
        FacetItems: [{ Term: 'Apple|apple', Name: 'Apple', Guid: 'apple', Count: 9, Selected: false }],
      },
      {
        Name: 'Delivery',
        GroupName: 'delivery',
        FacetItems: [{ Term: 'Postage|postage', Name: 'Postage', Guid: 'postage', Count: 25, Selected: false }],
      },
    ],
    LowerFacetGroupList: [
      {
        Name: 'Colour',
        GroupName: 'colour',
        FacetItems: [{ Term: 'Blue|blue', Name: 'Blue', Guid: 'blue', Count: 3, Selected: false }],
      },
    ],
    PriceRangeGroupItem: {
      Name: 'Price',
      GroupName: 'price',
      PriceRangeFacetItems: [
        { Term: '100-250', From: 100, To: 250, TotalAvaibleItems: 4, Selected: false },
        { Term: '2500-', From: 2500, To: null, TotalAvaibleItems: 1, Selected: false },
      ],
    },
    FilterFacetList: [
      { Name: 'On sale', GroupName: 'onsale', Term: 'true', Count: 6, Selected: false },
      { Name: 'Has pictures', GroupName: 'haspictures', Term: 'true', Count: 28, Selected: false },
    ],
    SortOptions: [
      { DisplayName: 'Relevance', KeyName: 'relevance', IsDescending: true, Value: 'relevance-', Selected: true },
      { DisplayName: 'Price: low to high', KeyName: 'price', IsDescending: false, Value: 'price+', Selected: false },
    ],
    SearchPills: [],
    Breadcrumbs: [
      { Label: 'Home', Url: '/' },
      { Label: 'Search results', Url: '/search-results' },
    ],
    MaxResults: 16,
    Page: 1,
    ...overrides,
  };
}

export function makeSuggestions(overrides: Partial<PredictiveValue> = {}): PredictiveValue {
  return {
    PredectiveListItemCount: 3,
    PredectiveSearchItems: [
      { DisplayName: 'iphone in Smartphones', Url: '/search-results?query=iphone&category=smartphones', Type: 0 },
      { DisplayName: 'Apple iPhone 13', Url: '/product/sh1/apple-iphone-13', Type: 1 },
    ],
    AutoCompleteItems: [{ PotentialSearchQuery: 'iphone', Url: '/search-results?query=iphone' }],
    PredictiveCategories: [
      {
        CategoryName: 'Phones',
        CategoryUrl: '/search-results?category=phones',
        IconUrl: '/c3api/images/category-icon/phone.svg',
      },
    ],
    ...overrides,
  };
}

/** A fetch stand-in that answers /c3api calls from a handler and records every URL asked. */
export function mockFetch(
  handler: (url: URL) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>,
) {
  const calls: URL[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    if (init?.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const { status = 200, body } = await handler(url);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, fetchMock };
}

export function ok<T>(value: T) {
  return { body: { WasSuccessful: true, Value: value, Message: null } };
}
