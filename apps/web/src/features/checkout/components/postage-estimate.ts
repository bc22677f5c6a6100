import { type AddressValue, CHECKOUT_ERROR_KEYS, type ShippingEstimate } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { shippingEstimateQueryOptions } from '../api/estimate-shipping';
import type { CostType, PostageOptionName } from './delivery-rules';

export interface EstimateRequest {
  option: { Id: number; Name: string; SystemName: PostageOptionName };
  /** The valid delivery address, or null while there is none (nothing is asked). */
  address: AddressValue | null;
  /** Split postage: this store's shipment only. */
  storeId?: number;
  onError(message: string | null): void;
}

/** Can this cost type be chosen under the estimate? */
export function costTypeAvailable(estimate: ShippingEstimate, type: CostType): boolean {
  if (estimate.MissingTableRateMessage) return false;
  if (type === 'Regular') return estimate.Regular !== null;
  return estimate.IsExpressPostageEnabled && estimate.Express !== null;
}

/**
 * The postage costs for an address: loaded once an address is known and again when its postcode
 * changes. A failure shows the AusPostLoadingProblem message in the banner (checkout.md section 8).
 */
export function usePostageEstimate({ option, address, storeId, onError }: EstimateRequest) {
  const query = useQuery(
    shippingEstimateQueryOptions({
      Id: option.Id,
      Name: option.Name,
      SystemName: option.SystemName,
      Selected: true,
      DeliveryType: { IsExpress: false },
      DeliveryAddress: address,
      ...(storeId === undefined ? {} : { StoreId: storeId }),
      enabled: address !== null,
    }),
  );
  const report = useRef(onError);
  report.current = onError;
  useEffect(() => {
    if (query.isError) report.current(CHECKOUT_ERROR_KEYS.AusPostLoadingProblem);
  }, [query.isError]);
  return query;
}

/** A chosen cost type that the new estimate no longer offers (express off, no table rate) is cleared. */
export function useCostTypeGuard(
  estimate: ShippingEstimate | undefined,
  costType: CostType | null,
  clear: () => void,
): void {
  const clearRef = useRef(clear);
  clearRef.current = clear;
  useEffect(() => {
    if (estimate && costType && !costTypeAvailable(estimate, costType)) clearRef.current();
  }, [estimate, costType]);
}
