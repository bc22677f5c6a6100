import type { PaymentOptionName, PaymentOptionState } from './payment-rules';

/** The payment options as radios; one that cannot be used is disabled with its reason under it. */
export function PaymentOptionList({
  states,
  value,
  onChoose,
}: {
  states: PaymentOptionState[];
  value: PaymentOptionName | null;
  onChoose(name: PaymentOptionName): void;
}) {
  return (
    <fieldset className="payment-options">
      <legend className="delivery-options__legend">How would you like to pay?</legend>
      {states.map(({ option, usable, message }) => {
        const messageId = `payment-option-${option.SystemName}-message`;
        return (
          <div key={option.SystemName} className="payment-option-row">
            <label
              className={`delivery-option ${value === option.SystemName ? 'delivery-option--chosen' : ''} ${usable ? '' : 'delivery-option--disabled'}`}
            >
              <input
                type="radio"
                name="payment-option"
                value={option.SystemName}
                checked={value === option.SystemName}
                disabled={!usable}
                aria-describedby={message ? messageId : undefined}
                onChange={() => onChoose(option.SystemName)}
              />
              <span className="delivery-option__text">
                <span className="delivery-option__name">{option.Name}</span>
                {message ? (
                  <span id={messageId} className="delivery-option__hint payment-option__disabled">
                    {message}
                  </span>
                ) : null}
              </span>
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
