// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetConsent, giveConsent } from '../../test/consent';
import {
  applyRememberedLocation,
  canApply,
  chooseAllLocations,
  clearedForm,
  filterCount,
  formFromParams,
  inLayout,
  pageOf,
  paramsFromForm,
  REMEMBERED_LOCATION_KEY,
  rememberLocation,
  restorePlan,
  searchKey,
  submittedSearch,
  toggleFacet,
  toggleState,
  toggleStore,
} from './search-form';

const qs = (s: string) => new URLSearchParams(s);

describe('query-string shaping', () => {
  it('reads states, stores, facets, price and flags from the URL and writes them back the same', () => {
    const url = qs(
      'query=iphone&page=3&Sort=price%2B&category=smartphones&location=NSW%2CVIC%2Cparramatta-nsw&brand=apple%2Csamsung&price=100-250%2C2500-&onsale=true&haspictures=true',
    );
    const form = formFromParams(url);
    expect(form).toEqual({
      query: 'iphone',
      page: '3',
      Sort: 'price+',
      category: 'smartphones',
      states: ['NSW', 'VIC'],
      stores: ['parramatta-nsw'],
      facets: { brand: ['apple', 'samsung'] },
      price: ['100-250', '2500-'],
      onsale: true,
      haspictures: true,
    });
    expect(paramsFromForm(form).toString()).toBe(url.toString());
  });

  it("flattens to comma-joined values, drops category 'all' and a page that is not a number", () => {
    const params = paramsFromForm({
      query: '  guitar ',
      page: 'abc',
      category: 'all',
      states: ['QLD'],
      stores: ['cairns-qld'],
      facets: { condition: ['5', '4'], colour: [] },
    });
    expect(params.toString()).toBe('query=guitar&location=QLD%2Ccairns-qld&condition=5%2C4');
  });

  it('never writes nonsticky back, and reads location=all as the all-locations choice', () => {
    const form = formFromParams(qs('nonsticky=true&location=all'));
    expect(form.nonsticky).toBe(true);
    expect(form.locations).toEqual(['all']);
    expect(paramsFromForm(form).toString()).toBe('');
  });

  it('reads the page (1 when missing or not a number) and keys a search without its page', () => {
    expect(pageOf(qs('page=7'))).toBe(7);
    expect(pageOf(qs('page=x'))).toBe(1);
    expect(pageOf(qs(''))).toBe(1);
    expect(searchKey(qs('query=a&page=4&Sort=price-'))).toBe(searchKey(qs('Sort=price-&query=a')));
  });

  it('keeps list or grid when following a server search link', () => {
    expect(inLayout('/search-results?category=phones', 'grid')).toBe('/search-results/grid?category=phones');
    expect(inLayout('/search-results?category=phones', 'list')).toBe('/search-results?category=phones');
    expect(inLayout('/product/x', 'grid')).toBe('/product/x');
  });
});

describe('filter count', () => {
  it('counts URL keys other than the defaults', () => {
    expect(filterCount(qs('query=phone&page=2&Sort=price-&category=phones&nonsticky=true'))).toBe(0);
    expect(filterCount(qs('utm_source=mail&gclid=x&attribute=y'))).toBe(0);
    expect(filterCount(qs('location=all&category=all'))).toBe(0);
    expect(filterCount(qs('location=NSW%2CVIC&brand=apple&price=0-25%2C25-50&onsale=true'))).toBe(4);
  });
});

describe('Apply enablement', () => {
  it('is off while the form equals the URL filters, whatever the page or value order', () => {
    const url = qs('query=a&page=5&location=NSW%2CVIC&brand=apple%2Csony');
    const form = formFromParams(url);
    expect(canApply(form, url)).toBe(false);
    expect(canApply({ ...form, page: 1 }, url)).toBe(false);
    expect(canApply({ ...form, states: ['VIC', 'NSW'], facets: { brand: ['sony', 'apple'] } }, url)).toBe(false);
  });

  it('is on once a choice differs, and off again when it is undone', () => {
    const url = qs('query=a');
    const form = formFromParams(url);
    const changed = toggleFacet(form, 'brand', 'apple', true);
    expect(canApply(changed, url)).toBe(true);
    expect(canApply(toggleFacet(changed, 'brand', 'apple', false), url)).toBe(false);
    expect(canApply({ ...form, onsale: true }, url)).toBe(true);
    expect(canApply({ ...form, category: 'phones' }, url)).toBe(true);
    expect(canApply({ ...form, category: 'all' }, url)).toBe(false);
  });
});

describe('location exclusivity', () => {
  it('choosing a state clears stores; choosing a store clears states', () => {
    const withStores = toggleStore(toggleStore({}, 'parramatta-nsw', true), 'penrith-nsw', true);
    expect(withStores).toMatchObject({ stores: ['parramatta-nsw', 'penrith-nsw'], states: [] });
    const withState = toggleState(withStores, 'NSW', true);
    expect(withState).toMatchObject({ states: ['NSW'], stores: [], locations: [] });
    const twoStates = toggleState(withState, 'VIC', true);
    expect(twoStates.states).toEqual(['NSW', 'VIC']);
    expect(toggleStore(twoStates, 'geelong-vic', true)).toMatchObject({ states: [], stores: ['geelong-vic'] });
  });

  it("'all locations' removes both", () => {
    const form = chooseAllLocations({ states: ['NSW'], stores: ['x-vic'], query: 'q' });
    expect(form).toEqual({ query: 'q', states: [], stores: [], locations: ['all'] });
    expect(paramsFromForm(form).has('location')).toBe(false);
  });

  it('Clear all keeps only the text and the sort', () => {
    expect(clearedForm(formFromParams(qs('query=a&Sort=price-&category=x&location=NSW&onsale=true')))).toEqual({
      query: 'a',
      Sort: 'price-',
    });
  });
});

describe('search bar submit on the search page', () => {
  it('resets the page and keeps Sort, locations and category, dropping the other filters', () => {
    const current = qs(
      'query=old&page=4&Sort=price-&category=phones&location=NSW%2Cgeelong-vic&brand=apple&onsale=true',
    );
    expect(submittedSearch(current, 'new words').toString()).toBe(
      'query=new+words&Sort=price-&category=phones&location=NSW%2Cgeelong-vic',
    );
  });
});

describe('restoring a deep page', () => {
  it('loads pages N-10..N above 10, else 1..N', () => {
    expect(restorePlan(1)).toEqual([1]);
    expect(restorePlan(4)).toEqual([1, 2, 3, 4]);
    expect(restorePlan(10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(restorePlan(13)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });
});

describe('remembered location', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    window.localStorage.clear();
    forgetConsent();
  });

  it('is kept only with functional-cookie consent', () => {
    rememberLocation({ states: ['NSW'] });
    expect(window.localStorage.getItem(REMEMBERED_LOCATION_KEY)).toBeNull();
    expect(applyRememberedLocation(qs('query=a'))).toBeNull();
  });

  it('is restored when the URL has no location, and forgotten by nonsticky or all locations', () => {
    giveConsent('accepted');
    rememberLocation({ states: ['NSW'], stores: ['geelong-vic'] });
    expect(applyRememberedLocation(qs('query=a'))?.toString()).toBe('query=a&location=NSW%2Cgeelong-vic');
    expect(applyRememberedLocation(qs('query=a&location=VIC'))).toBeNull();
    expect(applyRememberedLocation(qs('query=a&nonsticky=true'))).toBeNull();
    expect(window.localStorage.getItem(REMEMBERED_LOCATION_KEY)).toBeNull();
    rememberLocation({ stores: ['geelong-vic'] });
    expect(applyRememberedLocation(qs('location=all'))).toBeNull();
    expect(applyRememberedLocation(qs(''))).toBeNull();
  });

  it('is forgotten when a search is applied without states or stores', () => {
    giveConsent('accepted');
    rememberLocation({ states: ['NSW'] });
    rememberLocation(chooseAllLocations({}));
    expect(window.localStorage.getItem(REMEMBERED_LOCATION_KEY)).toBeNull();
  });
});
