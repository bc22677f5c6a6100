import {
  SavedSearchAddBodySchema,
  SavedSearchDeleteBodySchema,
  SavedSearchEditBodySchema,
  SavedSearchListValueSchema,
  type VerificationValue,
  VerificationValueSchema,
} from '@shop/contract';
import { type ApiRoute, defineRoute, type Refusal, refuse } from '../../lib/route.js';
import type { SavedSearchesService, SaveOutcome } from './saved-searches.service.js';

const PRIVATE = 'no-store';
const DONE: VerificationValue = { EmailVerificationError: null, TimeUntilUserCanReattempt: null };

function reply(outcome: SaveOutcome): VerificationValue | Refusal<VerificationValue> {
  return outcome.saved ? DONE : refuse(outcome.message, outcome.value);
}

export function savedSearchRoutes(savedSearches: SavedSearchesService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/savedsearch/list',
      summary: "The customer's saved searches in this region, newest first, with their count",
      tag: 'saved-searches',
      auth: 'required',
      value: SavedSearchListValueSchema,
      cacheControl: PRIVATE,
      handler: (ctx) => savedSearches.list(ctx),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/savedsearch/add',
      summary:
        'Saves the search at SearchUrl with a title, frequency and alert address; an unverified address gets a code first (WasSuccessful false, Value.EmailVerificationError)',
      tag: 'saved-searches',
      auth: 'required',
      body: SavedSearchAddBodySchema,
      value: VerificationValueSchema,
      cacheControl: PRIVATE,
      handler: async (ctx, { body }) => reply(await savedSearches.add(ctx, body)),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/savedsearch/edit',
      summary:
        "Changes a saved search's name, frequency and alert address (the same rules as add; 404 unless it is the customer's)",
      tag: 'saved-searches',
      auth: 'required',
      body: SavedSearchEditBodySchema,
      value: VerificationValueSchema,
      cacheControl: PRIVATE,
      handler: async (ctx, { body }) => reply(await savedSearches.edit(ctx, body)),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/savedsearch/delete',
      summary: "Deletes a saved search (404 unless it is the customer's)",
      tag: 'saved-searches',
      auth: 'required',
      body: SavedSearchDeleteBodySchema,
      value: VerificationValueSchema,
      cacheControl: PRIVATE,
      handler: async (ctx, { body }) => {
        await savedSearches.delete(ctx, body.Id);
        return DONE;
      },
    }),
  ];
}
