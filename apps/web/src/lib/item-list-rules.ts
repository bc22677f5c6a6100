/** Summary item lists collapse at 5 or more items (checkout.md section 9). */
export const COLLAPSE_AT_ITEMS = 5;
/** Medium breakpoint: below it the list starts collapsed. */
export const COLLAPSE_BELOW_WIDTH = 768;

/** A summary's item list starts collapsed with 5 or more items or a screen narrower than 768. */
export function itemListStartsCollapsed(itemCount: number, screenWidth: number): boolean {
  return itemCount >= COLLAPSE_AT_ITEMS || screenWidth < COLLAPSE_BELOW_WIDTH;
}

/** "1 item", "2 items": the count with the word in the right number. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
