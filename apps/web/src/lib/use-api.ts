import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiGet } from './api-client';

export type ApiState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string; httpStatus: number }
  | { status: 'done'; value: T };

/**
 * GETs a /c3api path whenever it changes (null: nothing to fetch) and keeps the last answer.
 * A newer path aborts the older request, so a slow reply never overwrites a newer one.
 */
export function useApi<T>(path: string | null): ApiState<T> & { reload: () => void } {
  const [state, setState] = useState<ApiState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the same path on reload()
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    apiGet<T>(path, controller.signal)
      .then((value) => setState({ status: 'done', value }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'error',
          message: error instanceof Error ? error.message : String(error),
          httpStatus: error instanceof ApiError ? error.status : 0,
        });
      });
    return () => controller.abort();
  }, [path, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
