import type { AddressSuggestion, Region } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { addressDetailQueryOptions } from '../lib/address-api/get-address';
import {
  type AddressParts,
  addressLines,
  addressPartsFromDetail,
  isAddressBlank,
  isAddressValid,
} from '../lib/address-parts';
import { AddressManualEdit, type ManualEditHandle } from './address-manual-edit';
import { AddressSearch } from './address-search';
import './address-lookup.css';

export interface AddressLookupHandle {
  /** Focuses where the shopper should act: the search box, the first invalid part, or Edit. */
  focus(): void;
}

/**
 * An address found by lookup, with a manual edit always at hand (checkout.md section 5): type,
 * choose a suggestion and its parts fill the address; "not found" or "Enter address manually"
 * opens the parts, which close only once the address is valid. A chosen address shows as text
 * with an Edit button.
 */
export function AddressLookup({
  region,
  label,
  value,
  onChange,
  error,
  showErrors = false,
  onBlur,
  handleRef,
  extra,
}: {
  region: Region;
  label: string;
  value: AddressParts;
  onChange: (value: AddressParts) => void;
  /** The whole field's message (shown in search mode, e.g. "This field is required"). */
  error?: string | undefined;
  /** Show every part's message (a submit was tried). */
  showErrors?: boolean;
  onBlur?: () => void;
  handleRef?: Ref<AddressLookupHandle>;
  /** Shown under the label (a help link). */
  extra?: ReactNode;
}) {
  const client = useQueryClient();
  const [manual, setManual] = useState(() => !isAddressBlank(value) && !isAddressValid(region, value));
  const [busy, setBusy] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const manualEdit = useRef<ManualEditHandle>(null);
  const mode = manual ? 'manual' : isAddressBlank(value) ? 'search' : 'chosen';
  const textId = useId();
  // Choosing a suggestion swaps the search box for the chosen address (or its parts): the box had
  // the focus, so without this it would fall to the page's body and a keyboard user would start
  // again from the top. It moves to what replaced the box, inside this group.
  const focusAfterChoice = useRef(false);
  useEffect(() => {
    if (!focusAfterChoice.current || mode === 'search') return;
    focusAfterChoice.current = false;
    if (mode === 'manual') manualEdit.current?.focusFirstInvalid();
    else editButton.current?.focus();
  }, [mode]);

  useImperativeHandle(handleRef, () => ({
    focus() {
      if (mode === 'manual') manualEdit.current?.focusFirstInvalid();
      else if (mode === 'chosen') editButton.current?.focus();
      else searchInput.current?.focus();
    },
  }));

  async function choose(suggestion: AddressSuggestion) {
    setBusy(true);
    focusAfterChoice.current = true;
    try {
      const parts = addressPartsFromDetail(
        await client.fetchQuery(addressDetailQueryOptions(suggestion.Reference)),
        region,
      );
      onChange(parts);
      // A looked-up address missing a part (no postcode) opens for the shopper to finish it.
      setManual(!isAddressValid(region, parts));
    } catch {
      setManual(true);
    } finally {
      setBusy(false);
      onBlur?.();
    }
  }

  return (
    <div className={`address-lookup address-lookup--${mode}`}>
      {mode === 'search' ? (
        <AddressSearch
          label={label}
          error={error}
          inputRef={searchInput}
          busy={busy}
          onChoose={(suggestion) => void choose(suggestion)}
          onManual={() => setManual(true)}
          onBlur={onBlur}
        />
      ) : (
        <fieldset className="address-lookup__group">
          <legend>{label}</legend>
          {mode === 'chosen' ? (
            <div className="address-lookup__chosen">
              <p className="address-lookup__text" id={textId}>
                {addressLines(value).map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </p>
              <button
                ref={editButton}
                type="button"
                className="button button--ghost button--small"
                aria-label={`Edit ${label.toLowerCase()}`}
                aria-describedby={textId}
                onClick={() => setManual(true)}
              >
                Edit
              </button>
            </div>
          ) : (
            <AddressManualEdit
              region={region}
              value={value}
              onChange={onChange}
              showErrors={showErrors}
              handleRef={manualEdit}
              onDone={() => {
                setManual(false);
                onBlur?.();
                window.setTimeout(() => editButton.current?.focus(), 0);
              }}
            />
          )}
        </fieldset>
      )}
      {extra}
    </div>
  );
}
