import type { ConsoleItem } from '@shop/contract';

/**
 * The item's picture URLs in order, built as the shop builds them: the console view carries the
 * first one's (Thumbnail, with its width and version) and the count, and the images module serves
 * positions 1 to PictureCount under the same query.
 */
export function itemPictureUrls(item: Pick<ConsoleItem, 'Thumbnail' | 'PictureCount'>): string[] {
  const first = item.Thumbnail;
  if (!first || item.PictureCount < 1) return [];
  const at = first.search(/\/1(?=\?|$)/);
  if (at < 0) return [first];
  const head = first.slice(0, at);
  const tail = first.slice(at + 2);
  return Array.from({ length: item.PictureCount }, (_, i) => `${head}/${i + 1}${tail}`);
}
