import { type AddressValue, CHECKOUT_ERROR_KEYS, type ShippingEstimate } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { shippingEstimateQueryOptions } from '../api/estimate-shipping';
import type { CostType, PostageChoice, PostageOptionName } from './delivery-rules';

export interface EstimateRequest {
  option: { Id: number; Name: string; SystemName: PostageOptionName };
  /** The valid delivery address, or null while there is none (nothing is asked). */
  address: AddressValue | null;
  /** Split postage: this store's shipment only. */
  storeId?: number;
  /** The cost type chosen so far: the server keeps the estimate's express flag with the choice. */
  costType: CostType | null;
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
export function usePostageEstimate({ option, address, storeId, costType, onError }: EstimateRequest) {
  const query = useQuery(
    shippingEstimateQueryOptions({
      Id: option.Id,
      Name: option.Name,
      SystemName: option.SystemName,
      Selected: true,
      DeliveryType: { IsExpress: costType === 'Express' },
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

/**
 * Keeps a chosen cost type in step with the estimate for the current address: cleared when the
 * estimate no longer offers it (express off, no table rate), marked quoted for the new postcode
 * when it still does (which lets the set-express call price it again).
 */
export function useCostTypeSync(
  estimate: ShippingEstimate | undefined,
  choice: PostageChoice,
  postcode: string,
  update: (change: Partial<PostageChoice>) => void,
): void {
  const updateRef = useRef(update);
  updateRef.current = update;
  const { costType, quotedFor } = choice;
  useEffect(() => {
    if (!estimate || !costType) return;
    if (!costTypeAvailable(estimate, costType)) updateRef.current({ costType: null, quotedFor: null });
    else if (quotedFor !== postcode) updateRef.current({ quotedFor: postcode });
  }, [estimate, costType, quotedFor, postcode]);
}
