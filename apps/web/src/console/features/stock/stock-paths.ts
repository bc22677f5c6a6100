import { consolePaths } from '../../lib/use-console-store';

/** The stock area's paths, under the console's /store-console/stores/:storeId/stock. */
export const stockPaths = {
  list: (storeId: number) => consolePaths.stock(storeId),
  add: (storeId: number) => `${consolePaths.stock(storeId)}/new`,
  import: (storeId: number) => `${consolePaths.stock(storeId)}/import`,
  item: (storeId: number, code: string) => `${consolePaths.stock(storeId)}/${encodeURIComponent(code)}`,
  edit: (storeId: number, code: string) => `${consolePaths.stock(storeId)}/${encodeURIComponent(code)}/edit`,
};

/** The item's page in the shop (catalogue.mapper's productUrl). */
export function shopPath(item: { Code: string; Slug: string }): string {
  return `/product/${item.Code.toLowerCase()}/${item.Slug}`;
}

/** What a page tells the next one after a change (router state), shown there as a success message. */
export interface StockNotice {
  notice: string;
}

export function noticeOf(state: unknown): string | null {
  return state && typeof state === 'object' && typeof (state as StockNotice).notice === 'string'
    ? (state as StockNotice).notice
    : null;
}
