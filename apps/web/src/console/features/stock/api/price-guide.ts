import type { PriceGuideValue } from '@shop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { apiGet } from '../../../../lib/api-client';
import { consoleKey } from '../../../lib/get-console-me';

/** What the guide is asked about: the form's title, category, brand and condition, trimmed. */
export interface PriceGuideInputs {
  title: string;
  categoryId: string;
  brand: string;
  condition: string;
  /** The item being edited, '' when adding. */
  itemCode: string;
}

/** How long typing must pause before the guide is asked (not a call per key). */
export const PRICE_GUIDE_DEBOUNCE_MS = 400;

export function priceGuidePath(storeId: number, inputs: PriceGuideInputs): string {
  const params = new URLSearchParams({
    title: inputs.title,
    categoryId: inputs.categoryId,
    brand: inputs.brand,
    condition: inputs.condition,
  });
  if (inputs.itemCode) params.set('code', inputs.itemCode);
  return `/c3api/console/stores/${storeId}/price-guide?${params}`;
}

/** GET /c3api/console/stores/:storeId/price-guide: what comparable items sold and are listed for. */
export function getPriceGuide(storeId: number, inputs: PriceGuideInputs, signal?: AbortSignal) {
  return apiGet<PriceGuideValue>(priceGuidePath(storeId, inputs), signal);
}

/** The guide can answer once the title is a title (the form's own minimum) and a category is chosen. */
export function canAskPriceGuide(inputs: PriceGuideInputs): boolean {
  return inputs.title.length >= 3 && /^\d+$/.test(inputs.categoryId);
}

export function priceGuideQueryOptions(storeId: number, inputs: PriceGuideInputs) {
  return queryOptions({
    queryKey: consoleKey('stores', storeId, 'price-guide', inputs),
    // The signal is handed to fetch: when the inputs change while a call is out, TanStack Query
    // aborts it (its query has no observer any more), so a stale answer never lands.
    queryFn: ({ signal }) => getPriceGuide(storeId, inputs, signal),
    enabled: canAskPriceGuide(inputs),
    staleTime: 5 * 60_000,
    retry: false,
    // The last answer stays on screen (dimmed) while the next is asked: no flicker as staff type.
    placeholderData: keepPreviousData,
  });
}

/** `value` once it has stopped changing for `delay` ms. */
export function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (settled === value) return;
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, settled, delay]);
  return settled;
}

/** The guide for the form's inputs, asked once typing pauses; keyed by the inputs, so going back is instant. */
export function usePriceGuide(storeId: number, typed: PriceGuideInputs) {
  const trimmed: PriceGuideInputs = {
    title: typed.title.trim(),
    categoryId: typed.categoryId,
    brand: typed.brand.trim(),
    condition: typed.condition,
    itemCode: typed.itemCode,
  };
  const settled = useSettled(JSON.stringify(trimmed), PRICE_GUIDE_DEBOUNCE_MS);
  const inputs = useMemo(() => JSON.parse(settled) as PriceGuideInputs, [settled]);
  const query = useQuery(priceGuideQueryOptions(storeId, inputs));
  return { inputs, query, ready: canAskPriceGuide(inputs) };
}
