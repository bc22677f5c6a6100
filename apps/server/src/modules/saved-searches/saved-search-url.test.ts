import { describe, expect, it } from 'vitest';
import { normaliseSearchUrl } from './saved-search-url.js';

describe('normaliseSearchUrl', () => {
  it('keeps a search by distance whole: the place with its radius and the distance sort', () => {
    const saved = normaliseSearchUrl('/search-results?query=drill&near=2150&within=25&Sort=distance&page=3');
    expect(saved.queryString).toBe('query=drill&Sort=distance&near=2150&within=25');
    // A place alone is no filter; its radius is one.
    expect(saved.filtersNumber).toBe(1);
  });
});
