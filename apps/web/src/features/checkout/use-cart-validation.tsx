import { type Cart, formatMoney, type Region } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { CartChangesDialog, type ItemChange } from '../../components/cart-changes-dialog';
import { cartKey, getCart } from '../../lib/cart-api/get-cart';
import { removeFromCart } from '../../lib/cart-api/remove-from-cart';
import { ChangeType, hasChange } from '../../lib/cart-changes';
import { checkoutViewKey } from './api/get-checkout-view';

interface Pending {
  changes: ItemChange[];
  /** The items that can no longer be bought (their Availability flag): what Remove takes out. */
  unavailable: number[];
  resolve: (proceed: boolean) => void;
}

/** The dialog's lines: each change named after its item, with the old and new prices when the price moved. */
function itemChanges(cart: Cart, region: Region): ItemChange[] {
  const items = cart.stores.flatMap((store) => store.items);
  return (cart.ProductChanges ?? []).map((change) => {
    const item = items.find((entry) => entry.ProductId === change.id);
    const priceMoved = (change.changeTypes & (ChangeType.PriceIncrease | ChangeType.PriceDecrease)) !== 0;
    return {
      name: item?.DisplayName ?? 'An item in your cart',
      changeTypes: change.changeTypes,
      ...(priceMoved ? { newPrice: formatMoney(change.newPrice, region) } : {}),
      ...(priceMoved && change.oldPrice !== undefined ? { oldPrice: formatMoney(change.oldPrice, region) } : {}),
    };
  });
}

/** The items flagged as no longer available (sold, or taken off sale). */
function unavailableItems(cart: Cart): number[] {
  return (cart.ProductChanges ?? [])
    .filter((change) => hasChange(change.changeTypes, ChangeType.Availability))
    .map((change) => change.id);
}

/**
 * Cart validation (checkout.md section 4): GET /c3api/cart/query?validate=true on entering checkout
 * and on each Continue. No product changes: go on. Otherwise the changes dialog: Confirm goes on
 * with the view refreshed; while an item has the Availability flag (sold) Remove stands in for it,
 * taking those items out of the cart and going on; the other choice calls onReturn (the cart, or step 1).
 * A failed lookup goes on.
 */
export function useCartValidation(region: Region) {
  const client = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [returnLabel, setReturnLabel] = useState('View cart');
  const onReturnRef = useRef<() => void>(() => {});

  const validate = useCallback(
    async (onReturn: () => void, label: string): Promise<boolean> => {
      let cart: Cart;
      try {
        cart = await getCart(true);
      } catch {
        return true;
      }
      client.setQueryData(cartKey, cart);
      if (!cart.ProductChanges || cart.ProductChanges.length === 0) return true;
      onReturnRef.current = onReturn;
      setReturnLabel(label);
      return new Promise<boolean>((resolve) =>
        setPending({ changes: itemChanges(cart, region), unavailable: unavailableItems(cart), resolve }),
      );
    },
    [client, region],
  );

  // Remove: the sold items leave the cart, then checkout goes on (an emptied cart shows the empty page).
  async function removeAndGoOn() {
    const ids = pending?.unavailable ?? [];
    try {
      for (const id of ids) client.setQueryData(cartKey, await removeFromCart(id));
    } catch {
      // The view read again below shows what is left; the next Continue checks again.
    }
    void client.invalidateQueries({ queryKey: cartKey });
    settle(true, false);
  }

  function settle(proceed: boolean, goBack: boolean) {
    pending?.resolve(proceed);
    setPending(null);
    // Prices or availability moved: the summary and the steps read the view again.
    void client.invalidateQueries({ queryKey: checkoutViewKey });
    if (goBack) onReturnRef.current();
  }

  const dialog = (
    <CartChangesDialog
      open={pending !== null}
      changes={pending?.changes ?? []}
      viewLabel={returnLabel}
      onConfirm={() => settle(true, false)}
      onRemove={() => void removeAndGoOn()}
      onView={() => settle(false, true)}
      onClose={() => settle(false, false)}
    />
  );
  return { validate, dialog };
}
