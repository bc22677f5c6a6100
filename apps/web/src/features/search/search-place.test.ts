import type { SearchResultsValue, ShopperPlace } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { shortPlace } from './components/place-button';
import { DISTANCE_SORT_LABEL, sortChoices } from './components/search-header';
import {
  clearedForm,
  formFromParams,
  hasFilters,
  paramsFromForm,
  submittedSearch,
  widestWithin,
  withoutPlace,
  withPlace,
} from './search-form';

const place: ShopperPlace = { Label: '2150', Latitude: -33.8148, Longitude: 151.0017, Postcode: '2150' };

describe('the search with a place', () => {
  it('reads near and within from the URL and writes them back', () => {
    const form = formFromParams(new URLSearchParams('query=lamp&near=2150&within=10,25&Sort=distance%2B'));
    expect(form).toMatchObject({ query: 'lamp', near: '2150', within: '10,25', Sort: 'distance+' });
    expect(widestWithin(form)).toBe('25');
    expect(paramsFromForm(form).toString()).toBe('query=lamp&Sort=distance%2B&near=2150&within=10%2C25');
  });

  it('puts the place, the radius and nearest first in the URL', () => {
    const form = withPlace(formFromParams(new URLSearchParams('query=lamp&Sort=price-')), place, '25');
    expect(paramsFromForm(form).toString()).toBe('query=lamp&Sort=distance%2B&near=2150&within=25');
    const any = withPlace({}, { ...place, Label: 'Your location', Postcode: null }, '');
    expect(paramsFromForm(any).toString()).toBe('Sort=distance%2B&near=-33.8148%2C151.0017');
  });

  it('drops the place, its radius and the distance order together', () => {
    const form = formFromParams(new URLSearchParams('query=lamp&near=2150&within=5&Sort=distance%2B'));
    expect(paramsFromForm(withoutPlace(form)).toString()).toBe('query=lamp');
    const priced = formFromParams(new URLSearchParams('near=2150&Sort=price-'));
    expect(paramsFromForm(withoutPlace(priced)).toString()).toBe('Sort=price-');
  });

  it('counts the radius as a filter (Clear all removes it) but keeps the place', () => {
    const form = formFromParams(new URLSearchParams('near=2150&within=5&Sort=distance%2B'));
    expect(hasFilters(form)).toBe(true);
    expect(hasFilters(formFromParams(new URLSearchParams('near=2150')))).toBe(false);
    expect(paramsFromForm(clearedForm(form)).toString()).toBe('Sort=distance%2B&near=2150');
  });

  it('keeps the place when new words are searched', () => {
    const next = submittedSearch(new URLSearchParams('query=lamp&near=2150&within=5&Sort=distance%2B'), 'chair');
    expect(next.toString()).toBe('query=chair&Sort=distance%2B&near=2150&within=5');
  });

  it('offers nearest first once the search has a place', () => {
    const value = {
      SortOptions: [
        { DisplayName: 'Relevance', KeyName: 'relevance', IsDescending: false, Value: 'relevance+', Selected: true },
      ],
    } as SearchResultsValue;
    expect(sortChoices(value, false).map((o) => o.label)).toEqual(['Relevance']);
    expect(sortChoices(value, true)).toEqual([
      { value: 'relevance+', label: 'Relevance' },
      { value: 'distance+', label: DISTANCE_SORT_LABEL },
    ]);
  });
});

describe("the header's short place", () => {
  it('shows the postcode a label ends in, a UK outward code, the pin alone for the own location', () => {
    expect(shortPlace({ ...place, Label: 'Parramatta NSW 2150' })).toEqual({
      before: 'Parramatta NSW ',
      shown: '2150',
      after: '',
    });
    expect(shortPlace(place)).toEqual({ before: '', shown: '2150', after: '' });
    expect(shortPlace({ ...place, Label: 'SW1A 1AA', Postcode: 'SW1A 1AA' })).toEqual({
      before: '',
      shown: 'SW1A',
      after: ' 1AA',
    });
    expect(shortPlace({ ...place, Label: 'M1', Postcode: 'M1' })).toEqual({ before: '', shown: 'M1', after: '' });
    expect(shortPlace({ ...place, Label: 'Your location', Postcode: null }).shown).toBe('');
  });
});
