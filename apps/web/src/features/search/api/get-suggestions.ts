import { MOBILE_MEDIA_QUERY, type PredictiveValue, SUGGESTION_DELAY_MS, SUGGESTION_MIN_LENGTH } from '@shop/contract';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiGet } from '../../../lib/api-client';

/** GET /c3api/search/predective (the spec's spelling): suggestions for what the shopper is typing. */
export function getSuggestions(
  query: string,
  options: { isMobileDevice: boolean; referrer: string },
  signal?: AbortSignal,
): Promise<PredictiveValue> {
  const params = new URLSearchParams({
    query,
    isMobileDevice: String(options.isMobileDevice),
    referrer: options.referrer,
  });
  return apiGet<PredictiveValue>(`/c3api/search/predective?${params}`, signal);
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

function isMobileDevice(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_MEDIA_QUERY).matches;
}

/**
 * The suggestions for `query`, asked after a 500 ms pause. Each text is a key of its own: a newer
 * keystroke moves the page to another key, and TanStack Query aborts this one's signal, whether it
 * is still pausing or already asking.
 */
export function suggestionsQueryOptions(query: string, referrer: string) {
  return queryOptions({
    queryKey: ['search', 'suggestions', query, referrer],
    queryFn: async ({ signal }) => {
      await pause(SUGGESTION_DELAY_MS, signal);
      return getSuggestions(query, { isMobileDevice: isMobileDevice(), referrer }, signal);
    },
  });
}

export type SuggestionsState =
  | { status: 'idle' }
  | { status: 'done'; query: string; value: PredictiveValue }
  | { status: 'error'; query: string; message: string };

const IDLE: SuggestionsState = { status: 'idle' };

/** What the panel shows next: the answer for this text once it is in, else what it showed before. */
function shownNext(
  shown: SuggestionsState,
  long: boolean,
  query: string,
  result: UseQueryResult<PredictiveValue>,
): SuggestionsState {
  if (!long) return IDLE;
  if (result.isSuccess) {
    return shown.status === 'done' && shown.value === result.data
      ? shown
      : { status: 'done', query, value: result.data };
  }
  if (result.isError) {
    const message = result.error instanceof Error ? result.error.message : String(result.error);
    return shown.status === 'error' && shown.query === query && shown.message === message
      ? shown
      : { status: 'error', query, message };
  }
  return shown;
}

/**
 * Suggestions for the text typed: asked after a 500 ms pause once the trimmed text reaches the
 * minimum length, cleared below it. A newer keystroke cancels the pending or running request; the
 * last answer (or failure) stays on show until the next one arrives. Each text is asked afresh.
 */
export function useSuggestions(text: string, referrer: string, minLength = SUGGESTION_MIN_LENGTH): SuggestionsState {
  const query = text.trim();
  const long = query.length >= minLength;
  const result = useQuery({
    ...suggestionsQueryOptions(query, referrer),
    enabled: long,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const [shown, setShown] = useState<SuggestionsState>(IDLE);
  const next = shownNext(shown, long, query, result);
  if (next !== shown) setShown(next);
  return next;
}
