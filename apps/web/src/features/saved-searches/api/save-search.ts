import type { Envelope, SavedSearchAddBody, SavedSearchEditBody, VerificationValue } from '@shop/contract';
import { apiPostEnvelope } from '../../../lib/api-client';

/**
 * POST /c3api/savedsearch/add: the whole reply, for a verification error's Value
 * {EmailVerificationError, TimeUntilUserCanReattempt} comes with WasSuccessful false.
 */
export function addSavedSearch(body: SavedSearchAddBody): Promise<Envelope<VerificationValue | null>> {
  return apiPostEnvelope<VerificationValue>('/c3api/savedsearch/add', body);
}

/** POST /c3api/savedsearch/edit: the same reply shape as add. */
export function editSavedSearch(body: SavedSearchEditBody): Promise<Envelope<VerificationValue | null>> {
  return apiPostEnvelope<VerificationValue>('/c3api/savedsearch/edit', body);
}
