import type { StoreFinderStore } from '@shop/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { useRendersServerHtml } from '../../../lib/ssr-state';
import { storesQueryOptions } from '../../../lib/stores-api/get-stores';

/** The finder's list: nearest first from `near`, or by state then name without one. */
export function storeFinderQueryOptions(near: string | undefined) {
  return storesQueryOptions(near ? { near, sort: 'distance' } : { sort: 'state' });
}

/**
 * The server's sentence when it cannot find the place (a 400 on `near`), else null. A failure the
 * server's render handed over keeps only its message ("Invalid input. near: We couldn't find...");
 * the field's part of it is the same sentence, so the hydrated page says what the server drew.
 */
export function placeErrorOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const field = error.fieldErrors.find((f) => f.Field === 'near')?.Message;
  if (field) return field;
  return /\bnear: (.+)$/.exec(error.message)?.[1] ?? error.message;
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
  // Hydrating the server's page: an unknown place it asked about stays unknown (no second 400).
  const fromServer = useRendersServerHtml();
  const measured = useQuery({ ...storeFinderQueryOptions(near), retryOnMount: !fromServer });
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
