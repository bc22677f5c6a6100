import { apiGet } from '../../../lib/api-client';

/** GET /c3api/product/query for an item's id (the cart adds by id; the wishlist knows codes). */
export async function getProductId(code: string): Promise<number> {
  const product = await apiGet<{ Id: number }>(`/c3api/product/query?${new URLSearchParams({ code })}`);
  return product.Id;
}
