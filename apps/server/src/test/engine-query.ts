import type { EngineQuery } from '../modules/search/search-engine.js';

/** An engine query for tests: no text, no filter choice, newest first, the first 16; then `changes`. */
export function engineQuery(changes: Partial<EngineQuery> = {}): EngineQuery {
  return {
    text: '',
    category: null,
    stores: null,
    brands: null,
    conditions: null,
    delivery: 0,
    colours: null,
    storages: null,
    prices: null,
    onSale: false,
    hasPictures: false,
    sort: 'listed',
    descending: true,
    offset: 0,
    limit: 16,
    ...changes,
  };
}
