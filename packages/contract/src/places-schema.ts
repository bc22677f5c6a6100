import { z } from 'zod';

/**
 * GET /c3api/places/resolve?q=: the place the shopper typed, resolved (places.ts holds the
 * zod-free ShopperPlace and the distance formula the web's light pages import).
 */
export const PlaceResolveQuerySchema = z.object({
  /** A postcode ("2150", "SW1A 1AA"), suburb ("Parramatta NSW"), UK district ("M1") or "lat,lng". */
  q: z.string().optional(),
});
export type PlaceResolveQuery = z.infer<typeof PlaceResolveQuerySchema>;

export const ShopperPlaceSchema = z.object({
  Label: z.string(),
  Latitude: z.number(),
  Longitude: z.number(),
  Postcode: z.string().nullable(),
});

export const PlaceResolveValueSchema = z.object({ Place: ShopperPlaceSchema });
export type PlaceResolveValue = z.infer<typeof PlaceResolveValueSchema>;
