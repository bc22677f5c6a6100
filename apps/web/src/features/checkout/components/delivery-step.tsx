import type { DeliveryStepProps } from '../checkout-types';
import { DeliveryOptionList } from './delivery-option-list';
import { DeliveryPickupStores } from './delivery-pickup-stores';
import { addressOf, isPostageOption, validAddress } from './delivery-rules';
import { useDeliveryState } from './delivery-state';
import { PostagePanel } from './postage-panel';
import { SplitPanel } from './split-panel';
import '../delivery-payment.css';

/**
 * Step 2, Delivery options (checkout.md sections 2, 4 and 8): store pickup, postage (Australia Post
 * in AU, Generic in the UK) or split postage per store. Continue validates the cart and hands the
 * submission's delivery fields to the page.
 */
export function DeliveryStep(props: DeliveryStepProps) {
  const { region, view, billingAddress } = props;
  const state = useDeliveryState(props);
  const { option, postage } = state;
  return (
    <div className="delivery-step">
      <DeliveryOptionList options={view.ShippingInformation.Options} value={option} onChoose={state.choose} />
      {option === 'StorePickup' ? <DeliveryPickupStores items={view.Cart.CartItems} /> : null}
      {isPostageOption(option) ? (
        <section className="delivery-panel" aria-labelledby="delivery-postage-heading">
          <h4 id="delivery-postage-heading" className="delivery-panel__heading">
            Postage to your address
          </h4>
          <PostagePanel
            region={region}
            idPrefix="postage"
            billingAddress={billingAddress}
            choice={postage}
            onChange={state.setPostage}
            estimate={state.estimate}
            addressValid={validAddress(region, addressOf(postage, billingAddress)) !== null}
            showErrors={state.attempted}
          />
        </section>
      ) : null}
      {option === 'SplitPostage' ? (
        <SplitPanel
          region={region}
          view={view}
          query={state.splitQuery}
          choices={state.splitChoices}
          onChange={state.updateStore}
          billingAddress={billingAddress}
          showErrors={state.attempted}
          onError={props.onError}
        />
      ) : null}
      <div className="delivery-step__actions">
        <button
          type="button"
          className="button button--yellow delivery-step__continue"
          disabled={state.continueDisabled || state.continuing}
          aria-busy={state.continuing || undefined}
          onClick={() => void state.continueStep()}
        >
          {state.continuing ? 'Checking your cart...' : 'Continue'}
        </button>
      </div>
    </div>
  );
}
