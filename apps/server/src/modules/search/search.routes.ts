import {
  PredictiveQuerySchema,
  PredictiveValueSchema,
  SearchResultsQuerySchema,
  SearchResultsValueSchema,
} from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import type { PredictiveService } from './predictive.service.js';
import type { SearchService } from './search.service.js';

export function searchRoutes(search: SearchService, predictive: PredictiveService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/search/results',
      summary: 'Search items and pages, with every facet group counted',
      tag: 'search',
      query: SearchResultsQuerySchema,
      value: SearchResultsValueSchema,
      handler: ({ query }) => search.search(query),
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/search/predective',
      summary: 'Suggestions while typing (the spec spells it "predective")',
      tag: 'search',
      query: PredictiveQuerySchema,
      value: PredictiveValueSchema,
      handler: ({ query }) => predictive.suggest(query),
    }),
  ] as ApiRoute[];
}
