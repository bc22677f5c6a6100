import type { DiscountCouponBody, DiscountCouponValue } from '@shop/contract';
import { mutationOptions } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST /c3api/promotion/discountcoupon {code}: the new total, discount and codes (HTTP 400: an invalid code). */
export function applyDiscount(code: string): Promise<DiscountCouponValue> {
  const body: DiscountCouponBody = { code };
  return apiPost<DiscountCouponValue>('/c3api/promotion/discountcoupon', body);
}

export function applyDiscountMutationOptions() {
  return mutationOptions({ mutationKey: ['discount', 'apply'], mutationFn: applyDiscount });
}
