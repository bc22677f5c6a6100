import {
  type CheckoutViewValue,
  DISCOUNT_INVALID_MESSAGE,
  DISCOUNT_REMOVED_MESSAGE,
  DISCOUNT_SERVER_ERROR_MESSAGE,
  type DiscountCouponValue,
  DiscountModalType,
  discountAppliedMessage,
  type Money,
  type Region,
} from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { cartKey } from '../../lib/cart-api/get-cart';
import { applyDiscountMutationOptions } from './api/apply-discount';
import { checkoutViewKey } from './api/get-checkout-view';
import { removeDiscountMutationOptions } from './api/remove-discount';
import { reportDiscount } from './checkout-analytics';

/** The discount modal's state (checkout.md section 3): its type and text; null when closed. */
export interface DiscountModalState {
  type: DiscountModalType;
  message: string;
}

/** The message of each modal type (checkout.md section 8). */
export function discountModalMessage(type: DiscountModalType, amountDisplay = ''): string {
  switch (type) {
    case DiscountModalType.SuccessfulAdd:
      return discountAppliedMessage(amountDisplay);
    case DiscountModalType.SuccessfulRemove:
      return DISCOUNT_REMOVED_MESSAGE;
    case DiscountModalType.InvalidCouponCode:
      return DISCOUNT_INVALID_MESSAGE;
    default:
      return DISCOUNT_SERVER_ERROR_MESSAGE;
  }
}

/** The server's reason a code cannot be used (a 400 with a FieldError on `code`), or null. */
export function refusalReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  return error.fieldErrors.find((field) => field.Field === 'code')?.Message ?? null;
}

/**
 * Adding and removing codes: the reply's total goes to the page at once (onTotal), the view's
 * discount lines are patched, then the view and the cart are read again (so the delivery step can
 * re-apply its postage to the new view), and analytics hears of it (checkout.md section 4). HTTP
 * 400 on add is an invalid code (the modal), unless the server names its reason for the code field
 * (under the minimum spend, expired): that is said inline, where the shopper typed it; anything
 * else a server error.
 */
export function useDiscount(region: Region, cart: CheckoutViewValue['Cart'], onTotal: (total: Money) => void) {
  const client = useQueryClient();
  const [modal, setModal] = useState<DiscountModalState | null>(null);
  // The reason a code cannot be used, when the server gives one: shown under the code field.
  const [codeError, setCodeError] = useState<string | null>(null);
  // The cart as the shopper saw it when pressing (a removed code's discount is gone from the reply).
  const shown = useRef(cart);
  shown.current = cart;

  function settled(value: DiscountCouponValue) {
    onTotal(value.UpdatedTotal);
    client.setQueryData<CheckoutViewValue>(checkoutViewKey, (view) =>
      view
        ? {
            ...view,
            Cart: {
              ...view.Cart,
              DiscountCodeApplied: value.DiscountCodes.length > 0,
              DiscountAmount: value.DiscountAmount,
              DiscountCodes: value.DiscountCodes,
            },
          }
        : view,
    );
    void client.invalidateQueries({ queryKey: checkoutViewKey });
    void client.invalidateQueries({ queryKey: cartKey });
  }

  const apply = useMutation({
    ...applyDiscountMutationOptions(),
    onMutate: () => setCodeError(null),
    onSuccess: (value, code) => {
      const applied = value.DiscountCodes[0] ?? code.trim().toUpperCase();
      void reportDiscount('add_discount_code', region, shown.current, applied, value, value.DiscountAmount);
      settled(value);
      const type = DiscountModalType.SuccessfulAdd;
      setModal({ type, message: discountModalMessage(type, value.DiscountAmount.Display) });
    },
    onError: (error) => {
      const reason = refusalReason(error);
      if (reason) {
        setCodeError(reason);
        return;
      }
      const type =
        error instanceof ApiError && error.status === 400
          ? DiscountModalType.InvalidCouponCode
          : DiscountModalType.ServerError;
      setModal({ type, message: discountModalMessage(type) });
    },
  });

  const remove = useMutation({
    ...removeDiscountMutationOptions(),
    onSuccess: (value, code) => {
      void reportDiscount('remove_discount_code', region, shown.current, code, value, shown.current.DiscountAmount);
      settled(value);
      const type = DiscountModalType.SuccessfulRemove;
      setModal({ type, message: discountModalMessage(type) });
    },
    onError: () => {
      const type = DiscountModalType.ServerError;
      setModal({ type, message: discountModalMessage(type) });
    },
  });

  return {
    modal,
    /** Why the last code was refused (minimum spend, expiry), for the code field; null otherwise. */
    codeError,
    clearCodeError: () => setCodeError(null),
    /** The modal closes by setting its type to null. */
    closeModal: () => setModal(null),
    apply: (code: string) =>
      apply.mutateAsync(code).then(
        () => true,
        () => false,
      ),
    remove: (code: string) => remove.mutate(code),
    busy: apply.isPending || remove.isPending,
  };
}
export type DiscountState = ReturnType<typeof useDiscount>;
