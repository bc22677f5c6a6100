import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from './api-client';

export type ApiState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string; httpStatus: number }
  | { status: 'done'; value: T };

/**
 * A query as the pages read it: loading, an error with the server's message and status, or the
 * value; `reload` asks again. A thin face on TanStack Query, which does the caching and aborting.
 */
export function useApiQuery<T>(
  // biome-ignore lint/suspicious/noExplicitAny: accepts the typed keys queryOptions() makes.
  options: UseQueryOptions<T, Error, T, any>,
): ApiState<T> & { reload: () => void } {
  const query = useQuery(options);
  const reload = () => void query.refetch();
  if (query.isPending || (query.isFetching && query.isError)) return { status: 'loading', reload };
  if (query.isError) {
    const error = query.error;
    return {
      status: 'error',
      message: error instanceof Error ? error.message : String(error),
      httpStatus: error instanceof ApiError ? error.status : 0,
      reload,
    };
  }
  return { status: 'done', value: query.data, reload };
}
