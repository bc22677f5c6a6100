import { describe, expect, it } from 'vitest';
import { countFilters, shapeSearchQuery } from './search-query-string.js';
import { SearchResultsQuerySchema } from './search-request.js';

describe('shapeSearchQuery', () => {
  it('joins filter values with commas and turns states and stores into location', () => {
    const params = shapeSearchQuery({
      query: ' iphone ',
      states: ['NSW', 'VIC'],
      stores: ['parramatta-nsw'],
      facets: { brand: ['apple', 'samsung'], condition: ['4', '5'], colour: [] },
      price: ['100-250', '2500-'],
    });
    expect(params.get('query')).toBe('iphone');
    expect(params.get('location')).toBe('NSW,VIC,parramatta-nsw');
    expect(params.get('brand')).toBe('apple,samsung');
    expect(params.get('condition')).toBe('4,5');
    expect(params.has('colour')).toBe(false);
    expect(params.get('price')).toBe('100-250,2500-');
  });

  it("drops category 'all' and keeps a real category", () => {
    expect(shapeSearchQuery({ category: 'all' }).has('category')).toBe(false);
    expect(shapeSearchQuery({ category: 'smartphones' }).get('category')).toBe('smartphones');
  });

  it('drops a non-numeric page and keeps a numeric one', () => {
    expect(shapeSearchQuery({ page: 'two' }).has('page')).toBe(false);
    expect(shapeSearchQuery({ page: '3' }).get('page')).toBe('3');
    expect(shapeSearchQuery({ page: 4 }).get('page')).toBe('4');
  });

  it('writes only the flags that are on', () => {
    const params = shapeSearchQuery({ onsale: true, haspictures: false, nonsticky: true });
    expect(params.get('onsale')).toBe('true');
    expect(params.has('haspictures')).toBe(false);
    expect(params.get('nonsticky')).toBe('true');
  });

  it('writes what the server schema reads back to the same filters', () => {
    const params = shapeSearchQuery({ query: 'gold', states: ['QLD'], facets: { brand: ['pandora'] }, page: 2 });
    const parsed = SearchResultsQuerySchema.parse(Object.fromEntries(params));
    expect(parsed).toMatchObject({
      query: 'gold',
      location: ['QLD'],
      brand: ['pandora'],
      page: 2,
      NumberOfResults: 16,
    });
  });
});

describe('the search by distance keys', () => {
  it('carries near, within and Sort=distance, and reads them back', () => {
    const params = shapeSearchQuery({ query: 'drill', near: ' 2150 ', within: 25, Sort: 'distance+' });
    expect(params.toString()).toBe('query=drill&Sort=distance%2B&near=2150&within=25');
    const parsed = SearchResultsQuerySchema.parse(Object.fromEntries(params));
    expect(parsed).toMatchObject({ query: 'drill', near: '2150', within: 25, Sort: 'distance+' });
  });

  it('drops within without a place, and the schema refuses within or Sort=distance without near', () => {
    expect(shapeSearchQuery({ within: 10 }).has('within')).toBe(false);
    const within = SearchResultsQuerySchema.safeParse({ within: '10' });
    expect(within.success).toBe(false);
    expect(within.error?.issues).toMatchObject([{ path: ['within'], message: 'needs a place: add near' }]);
    const sort = SearchResultsQuerySchema.safeParse({ Sort: 'distance' });
    expect(sort.error?.issues).toMatchObject([{ path: ['Sort'], message: 'needs a place: add near' }]);
  });

  it('takes any positive radius up to 1000 km, the widest of several', () => {
    expect(SearchResultsQuerySchema.parse({ near: 'M1', within: '7.5' }).within).toBe(7.5);
    expect(SearchResultsQuerySchema.parse({ near: 'M1', within: '5,25' }).within).toBe(25);
    for (const bad of ['0', '-5', '1001', 'far', '']) {
      const parsed = SearchResultsQuerySchema.safeParse({ near: 'M1', within: bad });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['within']);
    }
  });

  it('does not count a place alone as a filter, but counts a radius', () => {
    expect(countFilters(new URLSearchParams('near=2150&Sort=distance'))).toBe(0);
    expect(countFilters(new URLSearchParams('near=2150&within=10'))).toBe(1);
  });
});

describe('countFilters', () => {
  it('ignores the default keys and campaign parameters', () => {
    const params = new URLSearchParams(
      'query=phone&page=2&Sort=price%2B&category=smartphones&attribute=x&nonsticky=true&utm_source=mail&gclid=1',
    );
    expect(countFilters(params)).toBe(0);
  });

  it('counts each filter key once', () => {
    expect(countFilters(new URLSearchParams('brand=apple,samsung&location=NSW&onsale=true&price=0-25'))).toBe(4);
  });

  it("does not count location 'all'", () => {
    expect(countFilters(new URLSearchParams('location=all&brand=apple'))).toBe(1);
  });
});
