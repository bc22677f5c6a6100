/**
 * Whether PostgreSQL full text and the engine answer the same: per search URL, the totals, the
 * first page (only where the order is defined the same way: not relevance, which each ranks its
 * own way) and the price-band and flag counts. Differences are reported, never smoothed over.
 */
import type { PgFullText } from './pg-fulltext.js';

export interface AgreementRow {
  url: string;
  engineTotal: number;
  pgTotal: number;
  /** Same product codes in the same order on the first page; null where the sort is relevance. */
  samePage: boolean | null;
  /** Same price-band, on-sale and has-pictures counts. */
  sameCounts: boolean;
}

interface EngineReply {
  ProductList: { ProductListItems: { Code: string }[]; ProductListItemCount: number };
  PriceRangeGroupItem: { PriceRangeFacetItems: { TotalAvaibleItems: number }[] };
  FilterFacetList: { GroupName: string; Count: number }[];
}

export async function checkAgreement(baseUrl: string, fullText: PgFullText, urls: string[]): Promise<AgreementRow[]> {
  const rows: AgreementRow[] = [];
  for (const url of urls) {
    const response = await fetch(`${baseUrl}${url}`, { signal: AbortSignal.timeout(60_000) });
    if (response.status !== 200) throw new Error(`${url} answered HTTP ${response.status}`);
    // Every API reply comes in the { WasSuccessful, Value, Message } envelope.
    const engine = ((await response.json()) as { Value: EngineReply }).Value;
    const search = fullText.translate(url);
    const pg = await fullText.answer(search);

    const engineCodes = engine.ProductList.ProductListItems.map((item) => item.Code);
    const ranked = search.orderBy(() => 'RANK').includes('RANK');
    const engineCounts = [
      ...engine.PriceRangeGroupItem.PriceRangeFacetItems.map((item) => item.TotalAvaibleItems),
      engine.FilterFacetList.find((f) => f.GroupName === 'onsale')?.Count ?? -1,
      engine.FilterFacetList.find((f) => f.GroupName === 'haspictures')?.Count ?? -1,
    ];
    const bands = pg.counts.price_band ?? new Map<string, number>();
    const pgCounts = [
      ...engine.PriceRangeGroupItem.PriceRangeFacetItems.map((_, i) => bands.get(String(i)) ?? 0),
      pg.counts.flags?.get('onsale') ?? 0,
      pg.counts.flags?.get('haspictures') ?? 0,
    ];
    rows.push({
      url,
      engineTotal: engine.ProductList.ProductListItemCount,
      pgTotal: pg.total,
      samePage: ranked ? null : engineCodes.join(',') === pg.codes.join(','),
      sameCounts: engineCounts.join(',') === pgCounts.join(','),
    });
  }
  return rows;
}
