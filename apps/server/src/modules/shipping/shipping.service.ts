/** Table-rate postage per store (filled in by the shipping work). */
export class ShippingService {}
