import { CARD_POSTAGE_MAX_CODES, type CardPostage, type Region } from '@shop/contract';
import { type QueryClient, QueryClientContext } from '@tanstack/react-query';
import { useContext, useEffect, useState } from 'react';
import { apiGet } from './api-client';
import { afterHydration } from './hydrate-later';
import { rememberedPostcode } from './shopper-postcode';

/**
 * The cards' exact postage once the shopper's postcode is known (GET /c3api/product/postage/cards):
 * each card asks for its line when it mounts, and the cards mounted meanwhile go in one request per
 * page of cards, sent once the page has hydrated and the browser is idle. The server's page and
 * its first paint stay as they are ("Postage from"); without a remembered postcode nothing is asked.
 * A postcode typed later on a product page (rememberPostcode) is what cards mounted after it use.
 */

export function cardPostageQueryOptions(postcode: string, codes: string[]) {
  return {
    queryKey: ['product', 'postage', 'cards', postcode, codes],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiGet<CardPostage>(
        `/c3api/product/postage/cards?${new URLSearchParams({ codes: codes.join(), postcode })}`,
        signal,
      ),
    // A postcode's price does not change while the shopper browses.
    staleTime: 5 * 60_000,
    retry: false,
  };
}

/** Codes waiting for the next request, per postcode, with the cards waiting on each. */
const waiting = new Map<string, Map<string, ((label: string) => void)[]>>();

function send(client: QueryClient, postcode: string): void {
  const cards = waiting.get(postcode) ?? new Map<string, ((label: string) => void)[]>();
  waiting.delete(postcode);
  const codes = [...cards.keys()].sort();
  for (let i = 0; i < codes.length; i += CARD_POSTAGE_MAX_CODES) {
    // A failed request or a code left out (sold since): the card keeps its "from" line.
    client.fetchQuery(cardPostageQueryOptions(postcode, codes.slice(i, i + CARD_POSTAGE_MAX_CODES))).then(
      (value) => {
        for (const item of value.Items) for (const show of cards.get(item.Code) ?? []) if (item.Label) show(item.Label);
      },
      () => {},
    );
  }
}

/** The card's exact postage line for the remembered postcode, once it has arrived; null until then (and without one). */
export function useCardPostage(code: string, region: Region): string | null {
  const client = useContext(QueryClientContext);
  const [label, setLabel] = useState<string | null>(null);
  useEffect(() => {
    const postcode = rememberedPostcode(region);
    if (!client || !postcode) return;
    let cards = waiting.get(postcode);
    if (!cards) {
      const batch = new Map<string, ((label: string) => void)[]>();
      cards = batch;
      waiting.set(postcode, batch);
      const run = () => send(client, postcode);
      void afterHydration().then(() =>
        typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200),
      );
    }
    const key = code.toUpperCase();
    cards.set(key, [...(cards.get(key) ?? []), setLabel]);
  }, [client, code, region]);
  return label;
}
