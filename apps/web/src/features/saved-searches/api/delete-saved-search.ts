import { apiPost } from '../../../lib/api-client';

/** POST /c3api/savedsearch/delete {Id}. */
export function deleteSavedSearch(id: number): Promise<unknown> {
  return apiPost<unknown>('/c3api/savedsearch/delete', { Id: id });
}
