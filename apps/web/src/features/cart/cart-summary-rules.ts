/** The summary's collapse rule lives in lib (the checkout's summary uses it too). */
export { COLLAPSE_AT_ITEMS, COLLAPSE_BELOW_WIDTH, itemListStartsCollapsed } from '../../lib/item-list-rules';

/** Before a delivery option is chosen the summary says postage may follow (checkout.md). */
export const POSTAGE_NOTE = '+ postage (if applicable)';
