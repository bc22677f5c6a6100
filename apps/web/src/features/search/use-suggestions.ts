import { MOBILE_MEDIA_QUERY, type PredictiveValue, SUGGESTION_DELAY_MS, SUGGESTION_MIN_LENGTH } from '@shop/contract';
import { useEffect, useState } from 'react';
import { getSuggestions } from './api/get-suggestions';

export type SuggestionsState =
  | { status: 'idle' }
  | { status: 'done'; query: string; value: PredictiveValue }
  | { status: 'error'; query: string; message: string };

/**
 * Suggestions for the text typed: asked after a 500 ms pause once the trimmed text reaches the
 * minimum length, cleared below it. A newer keystroke cancels the pending or running request.
 */
export function useSuggestions(text: string, referrer: string, minLength = SUGGESTION_MIN_LENGTH): SuggestionsState {
  const [state, setState] = useState<SuggestionsState>({ status: 'idle' });
  const query = text.trim();
  const long = query.length >= minLength;
  useEffect(() => {
    if (!long) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const isMobileDevice = typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_MEDIA_QUERY).matches;
      getSuggestions(query, { isMobileDevice, referrer }, controller.signal).then(
        (value) => setState({ status: 'done', query, value }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState({ status: 'error', query, message: error instanceof Error ? error.message : String(error) });
        },
      );
    }, SUGGESTION_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, long, referrer]);
  return long ? state : { status: 'idle' };
}
