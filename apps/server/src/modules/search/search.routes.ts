import {
  PopularQuerySchema,
  PopularValueSchema,
  PredictiveQuerySchema,
  PredictiveValueSchema,
  SearchResultsQuerySchema,
  SearchResultsValueSchema,
  SimilarQuerySchema,
  SimilarValueSchema,
} from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import type { PopularService } from './popular.service.js';
import type { PredictiveService } from './predictive.service.js';
import type { SearchService } from './search.service.js';
import type { SimilarService } from './similar.service.js';

export function searchRoutes(
  search: SearchService,
  predictive: PredictiveService,
  similar: SimilarService,
  popular: PopularService,
): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/search/results',
      summary: 'Search items and pages, with every facet group counted',
      tag: 'search',
      query: SearchResultsQuerySchema,
      value: SearchResultsValueSchema,
      handler: (ctx, { query }) => search.search(ctx, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/search/predective',
      summary: 'Suggestions while typing (the spec spells it "predective")',
      tag: 'search',
      query: PredictiveQuerySchema,
      value: PredictiveValueSchema,
      handler: (ctx, { query }) => predictive.suggest(ctx, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/product/similar',
      summary: 'Available items like this one: same category and brand first, then the nearest stores',
      tag: 'product',
      query: SimilarQuerySchema,
      value: SimilarValueSchema,
      handler: (ctx, { query }) => similar.similar(ctx, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/product/popular',
      summary: 'The most viewed available items with pictures, a page at a time',
      tag: 'product',
      query: PopularQuerySchema,
      value: PopularValueSchema,
      handler: (ctx, { query }) => popular.popular(ctx, query),
    }),
  ];
}
