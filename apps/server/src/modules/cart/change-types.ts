import { ChangeType } from '@shop/contract';
import { productStateHash } from '../catalogue/catalogue.mapper.js';
import type { CatalogueItem } from '../catalogue/catalogue.service.js';

type ItemNow = Pick<CatalogueItem, 'title' | 'description' | 'priceMinor' | 'status'>;

/**
 * The change flags between what the shopper agreed to (the product page's StateHash and the price in
 * minor units) and the item now, OR-ed together.
 *
 * The StateHash covers title, description, price and status. Price and availability have flags of
 * their own, so Details is decided by recomputing the hash from today's title and description with the
 * agreed price and status 'available' (only an available item can be added): it differs from the
 * agreed hash exactly when the title or description changed.
 */
export function changeTypesOf(now: ItemNow, agreed: { stateHash: string; priceMinor: number }): number {
  let flags = 0;
  const detailsThen = productStateHash({
    title: now.title,
    description: now.description,
    priceMinor: agreed.priceMinor,
    status: 'available',
  });
  if (detailsThen !== agreed.stateHash) flags |= ChangeType.Details;
  if (now.priceMinor > agreed.priceMinor) flags |= ChangeType.PriceIncrease;
  if (now.priceMinor < agreed.priceMinor) flags |= ChangeType.PriceDecrease;
  if (now.status !== 'available') flags |= ChangeType.Availability;
  return flags;
}
