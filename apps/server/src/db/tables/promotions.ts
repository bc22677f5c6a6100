/** Table types of the promotions module (kept apart so each module's tables live in one file). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the promotions module.
export interface PromotionsTables {}
