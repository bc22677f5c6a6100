import type { DiscountCouponValue } from '@shop/contract';
import { mutationOptions } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';

/** DELETE /c3api/promotion/discountcoupon?couponCode=: the same reply as applying. */
export function removeDiscount(couponCode: string): Promise<DiscountCouponValue> {
  return apiDelete<DiscountCouponValue>(`/c3api/promotion/discountcoupon?couponCode=${encodeURIComponent(couponCode)}`);
}

export function removeDiscountMutationOptions() {
  return mutationOptions({ mutationKey: ['discount', 'remove'], mutationFn: removeDiscount });
}
