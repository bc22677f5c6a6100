/** Cart items list collapsed at 5 or more items (spec section 9). */
export const COLLAPSE_AT_ITEMS = 5;
/** Medium breakpoint: below it the list starts collapsed. */
export const COLLAPSE_BELOW_WIDTH = 768;

/** The summary's item list starts collapsed with 5 or more items or a screen narrower than 768. */
export function itemListStartsCollapsed(itemCount: number, screenWidth: number): boolean {
  return itemCount >= COLLAPSE_AT_ITEMS || screenWidth < COLLAPSE_BELOW_WIDTH;
}

/** Before a delivery option is chosen the summary says postage may follow (checkout.md). */
export const POSTAGE_NOTE = '+ postage (if applicable)';
