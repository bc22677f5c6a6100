/** Table types of the shipping module (kept apart so each module's tables live in one file). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the shipping module.
export interface ShippingTables {}
