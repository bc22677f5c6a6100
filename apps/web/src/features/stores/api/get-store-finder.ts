import type { StoreFinderStore } from '@shop/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { storesQueryOptions } from '../../../lib/stores-api/get-stores';

/** The finder's list: nearest first from `near`, or by state then name without one. */
export function storeFinderQueryOptions(near: string | undefined) {
  return storesQueryOptions(near ? { near, sort: 'distance' } : { sort: 'state' });
}

/** The server's sentence when it cannot find the place (a 400 on `near`), else null. */
export function placeErrorOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  return error.fieldErrors.find((field) => field.Field === 'near')?.Message ?? error.message;
}

/**
 * The stores the finder lists, and what it says when the URL's place cannot be found (the list is
 * then the region's by state, so the page still serves).
 */
export function useStoreFinder(near: string | undefined): {
  stores: StoreFinderStore[] | null;
  placeError: string | null;
  failed: boolean;
  reload: () => void;
} {
  const measured = useQuery(storeFinderQueryOptions(near));
  const placeError = near ? placeErrorOf(measured.error) : null;
  const plain = useQuery({ ...storeFinderQueryOptions(undefined), enabled: placeError !== null });
  const answer = placeError ? plain : measured;
  return {
    stores: answer.data?.Stores ?? null,
    placeError,
    failed: answer.isError && placeErrorOf(answer.error) === null,
    reload: () => void answer.refetch(),
  };
}

/** The server's render asks what the page will show: the list, or the region's when the place is unknown. */
export async function prefetchStoreFinder(client: QueryClient, near: string | undefined): Promise<void> {
  try {
    await client.fetchQuery(storeFinderQueryOptions(near));
  } catch (error) {
    if (near && placeErrorOf(error)) await client.prefetchQuery(storeFinderQueryOptions(undefined));
  }
}
