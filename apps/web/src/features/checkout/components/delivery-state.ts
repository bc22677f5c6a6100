import {
  CHECKOUT_ERROR_KEYS,
  type DeliveryOptionName,
  type Money,
  type SplitShipment,
  STORE_PICKUP_ERROR_MESSAGE,
} from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { trackCheckoutEvent } from '../../../lib/analytics';
import { splitCheckoutViewQueryOptions } from '../api/get-split-checkout-view';
import { setExpressCost } from '../api/set-express-cost';
import { analyticsItems } from '../checkout-analytics';
import type { DeliveryStepProps } from '../checkout-types';
import { restoredDelivery } from './delivery-restore';
import {
  addressOf,
  continueResult,
  type DeliveryState,
  deliveryTypesFor,
  initialSplitChoices,
  isPostageOption,
  newPostageChoice,
  type PostageChoice,
  postageNoteFor,
  postcodeKey,
  pricingKey,
  type SplitChoices,
  type SplitStoreChoice,
  validAddress,
} from './delivery-rules';
import { useCostTypeSync, usePostageEstimate } from './postage-estimate';

/** The props' callbacks as of the last render, for effects that should not re-run when the page re-creates them. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/**
 * The delivery step's state and what it does (checkout.md section 4): the chosen option, the
 * postage choice, each store's split choice; the total follows every priced change through the
 * set-express call, and the summary's postage note follows the state.
 */
export function useDeliveryState(props: DeliveryStepProps) {
  const { region, view, billingAddress } = props;
  const callbacks = useLatest(props);
  const options = view.ShippingInformation.Options;
  // Reopening on a choice made before wins over the server's kept option (it is the same choice,
  // with the address mode and cost type the server does not hand back).
  const [restored] = useState(() => (props.initial ? restoredDelivery(region, props.initial, billingAddress) : null));
  const [option, setOption] = useState<DeliveryOptionName | null>(
    () => restored?.option ?? options.find((o) => o.Selected)?.SystemName ?? null,
  );
  const [postage, setPostage] = useState<PostageChoice>(
    () => restored?.postage ?? newPostageChoice(region, view.ShippingAddress),
  );
  const [splitEdits, setSplitEdits] = useState<SplitChoices | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [continuing, setContinuing] = useState(false);
  const lastTotal = useRef<Money>(view.Cart.CartTotal);

  // Postage for the whole cart (Australia Post in AU, Generic in the UK).
  const postageOption = isPostageOption(option) ? options.find((o) => o.SystemName === option) : undefined;
  const postageAddress = postageOption ? validAddress(region, addressOf(postage, billingAddress)) : null;
  const estimate = usePostageEstimate({
    option: {
      Id: postageOption?.Id ?? 0,
      Name: postageOption?.Name ?? '',
      SystemName: isPostageOption(option) ? option : 'AustraliaPost',
    },
    address: postageAddress,
    costType: postage.costType,
    onError: (message) => callbacks.current.onError(message),
  });
  useCostTypeSync(postageAddress ? estimate.data : undefined, postage, postcodeKey(postageAddress), (change) =>
    setPostage((p) => ({ ...p, ...change })),
  );

  // Split postage: loaded when first chosen; a store with exactly one option has it preselected.
  const splitQuery = useQuery(splitCheckoutViewQueryOptions(option === 'SplitPostage'));
  const shipments = splitQuery.data ?? null;
  const startingSplit = (list: SplitShipment[]): SplitChoices => ({
    ...initialSplitChoices(region, list),
    ...restored?.split,
  });
  const splitChoices = shipments ? (splitEdits ?? startingSplit(shipments)) : null;
  useEffect(() => {
    if (splitQuery.isError) callbacks.current.onError(CHECKOUT_ERROR_KEYS.AusPostLoadingProblem);
  }, [splitQuery.isError, callbacks]);

  const state: DeliveryState = {
    region,
    option,
    postage,
    missingTableRate: Boolean(postageOption && estimate.data?.MissingTableRateMessage),
    split: shipments && splitChoices ? { shipments, choices: splitChoices } : null,
    billing: billingAddress,
  };

  // Every change that alters the price is sent; only the latest answer sets the total. A discount
  // code added or removed is such a change: the discount call's total leaves postage out, and the
  // spec has the code "refresh the AusPost total" (checkout.md section 4), so the payment step and
  // its amount limits see the total with postage again.
  const body = deliveryTypesFor(state);
  const bodyRef = useLatest(body);
  const key = pricingKey(body);
  const discountKey = view.Cart.DiscountCodes.join(',');
  const sequence = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: discountKey is a reason to price again, not a value read.
  useEffect(() => {
    const current = bodyRef.current;
    if (!key || !current) return;
    const mine = ++sequence.current;
    setExpressCost(current).then(
      (total) => {
        if (mine !== sequence.current) return;
        lastTotal.current = total;
        callbacks.current.onTotalChange(total);
      },
      () => {
        if (mine !== sequence.current) return;
        const pickup = current.length === 1 && current[0]?.ShippingMethodId === 'StorePickup';
        callbacks.current.onError(pickup ? STORE_PICKUP_ERROR_MESSAGE : CHECKOUT_ERROR_KEYS.AusPostSetMethodProblem);
      },
    );
  }, [key, discountKey, bodyRef, callbacks]);

  const note = postageNoteFor(option, postage, state.split);
  useEffect(() => callbacks.current.onPostageNoteChange(note), [note, callbacks]);

  // The page remembers the choice as it stands (a reload on this step reopens it).
  const current = continueResult(state);
  const currentChoice = 'choice' in current ? current.choice : null;
  const choiceKey = currentChoice ? JSON.stringify(currentChoice) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the choice it was made from.
  useEffect(() => callbacks.current.onChoiceChange?.(currentChoice), [choiceKey, callbacks]);

  function choose(name: DeliveryOptionName) {
    callbacks.current.onError(null);
    setAttempted(false);
    setOption(name);
  }

  function updateStore(storeId: number, choice: SplitStoreChoice) {
    if (!shipments) return;
    setSplitEdits((previous) => ({ ...(previous ?? startingSplit(shipments)), [storeId]: choice }));
  }

  async function continueStep() {
    const result = continueResult(state);
    if ('message' in result) {
      setAttempted(true);
      callbacks.current.onError(result.message);
      return;
    }
    setContinuing(true);
    try {
      if (!(await callbacks.current.validateCart())) return;
      await trackCheckoutEvent('add_shipping_info', region, lastTotal.current.Amount / 100, analyticsItems(view.Cart), {
        shipping_tier: result.choice.DeliveryOption,
      });
      callbacks.current.onError(null);
      callbacks.current.onContinue(result.choice);
    } finally {
      setContinuing(false);
    }
  }

  return {
    option,
    choose,
    postage,
    setPostage,
    postageOption,
    estimate,
    splitQuery,
    splitChoices,
    updateStore,
    attempted,
    continuing,
    continueDisabled: state.missingTableRate,
    continueStep,
  };
}
