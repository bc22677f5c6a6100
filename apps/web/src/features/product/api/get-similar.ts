import { PageSize, type SimilarValue } from '@shop/contract';
import { useEffect, useState } from 'react';
import { apiGet } from '../../../lib/api-client';

export function similarPath(code: string, numberOfResults: number): string {
  return `/c3api/product/similar?${new URLSearchParams({ code, NumberOfResults: String(numberOfResults) })}`;
}

/** Similar available items; repeats once with the server's MaxResults when it differs (storefront.md 9). */
export async function getSimilarItems(code: string, signal?: AbortSignal): Promise<SimilarValue> {
  const asked = PageSize.similar;
  const value = await apiGet<SimilarValue>(similarPath(code, asked), signal);
  if (value.MaxResults > 0 && value.MaxResults !== asked) {
    return apiGet<SimilarValue>(similarPath(code, value.MaxResults), signal);
  }
  return value;
}

export type SimilarState = { status: 'loading' } | { status: 'error' } | { status: 'done'; value: SimilarValue };

/**
 * The similar items of `code`, asked for once `wanted` is true (the section near the screen: it is
 * below the fold on every screen, and asking with the page put a request and the render of 16
 * cards in the middle of the page's load, issue 13). Loading until then.
 */
export function useSimilarItems(code: string, wanted = true): SimilarState {
  const [state, setState] = useState<SimilarState>({ status: 'loading' });
  useEffect(() => {
    // Another item's answer is never shown for this one, asked for yet or not.
    setState((current) => (current.status === 'loading' ? current : { status: 'loading' }));
    if (!wanted) return;
    const controller = new AbortController();
    getSimilarItems(code, controller.signal)
      .then((value) => setState({ status: 'done', value }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [code, wanted]);
  return state;
}
