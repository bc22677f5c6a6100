/**
 * Whether PostgreSQL full text and the engine answer the same: per search URL, the totals, the
 * first page (only where the order is defined the same way: not relevance, which each ranks its
 * own way) and every facet count the search page shows. Differences are reported, never smoothed over.
 */
import type { CategoryFacetItem, SearchResultsValue } from '@shop/contract';
import type { CountedGroup, PgFullText } from './pg-fulltext.js';

export interface AgreementRow {
  url: string;
  engineTotal: number;
  pgTotal: number;
  /** Same product codes in the same order on the first page; null where the sort is relevance. */
  samePage: boolean | null;
  /** Facet values the engine's reply shows (every group), and those where PostgreSQL counts otherwise. */
  facetValues: number;
  differingCounts: string[];
}

export async function checkAgreement(baseUrl: string, fullText: PgFullText, urls: string[]): Promise<AgreementRow[]> {
  const rows: AgreementRow[] = [];
  for (const url of urls) {
    const response = await fetch(`${baseUrl}${url}`, { signal: AbortSignal.timeout(60_000) });
    if (response.status !== 200) throw new Error(`${url} answered HTTP ${response.status}`);
    // Every API reply comes in the { WasSuccessful, Value, Message } envelope.
    const engine = ((await response.json()) as { Value: SearchResultsValue }).Value;
    const search = fullText.translate(url);
    const pg = await fullText.answer(search);

    const differing: string[] = [];
    const shown = shownCounts(engine);
    for (const { group, guid, count } of shown) {
      const pgCount = fullText.countOf(pg, group, guid);
      if (pgCount !== count) differing.push(`${group} ${guid}: engine ${count}, PG ${pgCount}`);
    }
    const engineCodes = engine.ProductList.ProductListItems.map((item) => item.Code);
    const ranked = search.orderBy(() => 'RANK').includes('RANK');
    rows.push({
      url,
      engineTotal: engine.ProductList.ProductListItemCount,
      pgTotal: pg.total,
      samePage: ranked ? null : engineCodes.join(',') === pg.codes.join(','),
      facetValues: shown.length,
      differingCounts: differing,
    });
  }
  return rows;
}

/** Every facet value the reply shows, with its count, named as PgFullText.countOf takes it. */
function shownCounts(reply: SearchResultsValue): { group: CountedGroup; guid: string; count: number }[] {
  const out: { group: CountedGroup; guid: string; count: number }[] = [];
  const walk = (items: CategoryFacetItem[]) => {
    for (const item of items) {
      out.push({ group: 'category', guid: item.Guid, count: item.Count });
      walk(item.FacetItems);
    }
  };
  for (const group of reply.CategoryFacetGroupList) walk(group.FacetItems);
  for (const state of reply.StoreFacetGroupList) {
    out.push({ group: 'state', guid: state.Guid, count: state.Count });
    for (const store of state.Stores) out.push({ group: 'store', guid: store.Guid, count: store.Count });
  }
  const named = new Set<string>(['delivery', 'brand', 'condition', 'colour', 'storage']);
  for (const group of [...reply.UpperFacetGroupList, ...reply.LowerFacetGroupList]) {
    if (!named.has(group.GroupName))
      throw new Error(`The reply has a facet group the comparison does not know: ${group.GroupName}`);
    for (const item of group.FacetItems) {
      out.push({ group: group.GroupName as CountedGroup, guid: item.Guid, count: item.Count });
    }
  }
  reply.PriceRangeGroupItem.PriceRangeFacetItems.forEach((item, i) => {
    out.push({ group: 'price', guid: String(i), count: item.TotalAvaibleItems });
  });
  for (const flag of reply.FilterFacetList) out.push({ group: 'flags', guid: flag.GroupName, count: flag.Count });
  return out;
}
