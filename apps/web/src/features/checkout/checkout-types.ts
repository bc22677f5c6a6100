import type { AddressValue, CheckoutSubmission, CheckoutViewValue, Money, Region } from '@shop/contract';
import type { ReactNode } from 'react';
import type { PaymentOptionName } from './components/payment-rules';

/**
 * The seams between the checkout page's parts. The page (checkout-page.tsx) owns the step, the
 * error banner, step 1's details and the summary; the delivery step and the payment step are
 * self-contained components that talk to the page only through these props.
 */

export type CheckoutStepNumber = 1 | 2 | 3;
export type StepStatus = 'pending' | 'active' | 'complete';

/** What the delivery step hands on when its Continue succeeds: the submission's delivery fields. */
export interface DeliveryChoice {
  DeliveryOption: CheckoutSubmission['DeliveryOption'];
  IsStorePickup: boolean;
  IsPaidPostage: boolean;
  IsExpress: boolean;
  DeliveryAddress: AddressValue | null;
  IsShippingAddressSameAsBillingAddress: boolean;
  SplitPostageShipments: CheckoutSubmission['SplitPostageShipments'];
}

/** Every item collected from its store: the store-pickup option's choice. */
export const STORE_PICKUP_CHOICE: DeliveryChoice = {
  DeliveryOption: 'StorePickup',
  IsStorePickup: true,
  IsPaidPostage: false,
  IsExpress: false,
  DeliveryAddress: null,
  IsShippingAddressSameAsBillingAddress: false,
  SplitPostageShipments: null,
};

/** The summary's postage note (checkout.md section 2): null shows none. */
export type PostageNote = string | null;

export interface DeliveryStepProps {
  region: Region;
  view: CheckoutViewValue;
  /** Step 1's billing address (valid by the time step 2 opens): 'same as billing' mirrors it, also later edits. */
  billingAddress: AddressValue;
  /** The order total after a set-express call (items - discount + postage). */
  onTotalChange(total: Money): void;
  onPostageNoteChange(note: PostageNote): void;
  /** Shows the banner at the top (the page scrolls up); null clears it. */
  onError(message: string | null): void;
  /** Validates the cart (the changes dialog); resolves false when the shopper went back. */
  validateCart(): Promise<boolean>;
  onContinue(choice: DeliveryChoice): void;
  /** The choice to reopen on (a reload or a provider's return), read when the step first mounts. */
  initial?: DeliveryChoice | null;
  /** The choice as it stands whenever it changes: complete, or null while something is missing. */
  onChoiceChange?(choice: DeliveryChoice | null): void;
}

/**
 * A submission attempt: its payload and the Idempotency-Key it was sent with. The page keeps the
 * last one, so a press after an answerless failure resends the same key even after a trip back
 * through step 1 (step 3 unmounts when left).
 */
export interface PlacementAttempt {
  payload: string;
  key: string;
}

export interface PaymentStepProps {
  region: Region;
  view: CheckoutViewValue;
  /** The total as it stands (postage and discount included). */
  total: Money;
  details: CheckoutSubmission['CustomerDetails'];
  billingAddress: AddressValue;
  delivery: DeliveryChoice;
  /** Shows the banner at the top, staying on step 3 (null clears it). */
  onError(message: string | null): void;
  /** A failed placement: step 1 is shown with this banner (checkout.md section 8). */
  onPlacementFailed(message: string): void;
  /** The page's last submission attempt (see PlacementAttempt). */
  attempt: { current: PlacementAttempt | null };
  validateCart(): Promise<boolean>;
  /** The option chosen before (a reload or a provider's return), used when it can still be used. */
  initialOption?: PaymentOptionName | null;
  onOptionChange?(option: PaymentOptionName | null): void;
  /**
   * Whether the terms are agreed, and their box. Step 3 opened without them (they are never kept
   * across a reload or a provider's return) shows the box, and paying waits until it is ticked.
   */
  terms?: { agreed: boolean; box: ReactNode };
}
