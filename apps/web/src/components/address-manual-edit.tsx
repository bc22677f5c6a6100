import { AUSTRALIAN_STATES, type Region } from '@shop/contract';
import { type Ref, useImperativeHandle, useRef, useState } from 'react';
import {
  ADDRESS_PARTS,
  type AddressPart,
  type AddressParts,
  addressErrors,
  isAddressValid,
} from '../lib/address-parts';
import { SelectField, TextField } from './form-field';

export interface ManualEditHandle {
  /** Focuses the first part with a message (else Line 1). */
  focusFirstInvalid(): void;
}

/**
 * The address typed in by hand with the region's rules and messages (checkout.md section 5): an
 * Australian address picks its state from the list, a UK one types its county. It closes (onDone)
 * only once the address is valid; until then "Use this address" shows every message.
 */
export function AddressManualEdit({
  region,
  value,
  onChange,
  onDone,
  showErrors,
  handleRef,
  autoCompleteSection = 'billing',
}: {
  region: Region;
  value: AddressParts;
  onChange: (value: AddressParts) => void;
  onDone: () => void;
  showErrors: boolean;
  handleRef?: Ref<ManualEditHandle>;
  autoCompleteSection?: string;
}) {
  const [touched, setTouched] = useState<Partial<Record<AddressPart, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const errors = addressErrors(region, value);
  const au = region === 'AU';

  function focusFirstInvalid() {
    const first = ADDRESS_PARTS.find((part) => errors[part]) ?? 'Line1';
    frame.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }
  useImperativeHandle(handleRef, () => ({ focusFirstInvalid }));

  const shown = (part: AddressPart) => (touched[part] || attempted || showErrors ? errors[part] : undefined);
  const props = (part: AddressPart, autoComplete: string) => ({
    name: part,
    value: value[part],
    error: shown(part),
    autoComplete: `${autoCompleteSection} ${autoComplete}`,
    onChange: (event: { target: { value: string } }) => onChange({ ...value, [part]: event.target.value }),
    onBlur: () => setTouched((previous) => ({ ...previous, [part]: true })),
  });

  return (
    <div className="address-manual" ref={frame}>
      <TextField label="Business name (optional)" {...props('BusinessName', 'organization')} />
      <TextField label="Address line 1" {...props('Line1', 'address-line1')} />
      <TextField label="Address line 2" {...props('Line2', 'address-line2')} />
      <div className="address-manual__row">
        <TextField label={au ? 'Suburb' : 'Town or city'} required {...props('Suburb', 'address-level2')} />
        {au ? (
          <SelectField label="State" required {...props('State', 'address-level1')}>
            <option value="">Choose a state</option>
            {AUSTRALIAN_STATES.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField label="County" required {...props('State', 'address-level1')} />
        )}
      </div>
      <TextField
        label="Postcode"
        required
        inputMode={au ? 'numeric' : 'text'}
        className="address-manual__postcode"
        {...props('PostCode', 'postal-code')}
      />
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => {
          if (isAddressValid(region, value)) {
            onDone();
            return;
          }
          setAttempted(true);
          focusFirstInvalid();
        }}
      >
        Use this address
      </button>
    </div>
  );
}
