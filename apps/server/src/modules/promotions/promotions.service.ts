/** Discount codes (filled in by the promotions work). */
export class PromotionsService {}
