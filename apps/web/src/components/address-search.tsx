import {
  ADDRESS_LOOKUP_DEBOUNCE_MS,
  ADDRESS_LOOKUP_MIN_EXCLUSIVE,
  ADDRESS_NOT_FOUND_TEXT,
  type AddressSuggestion,
} from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type Ref, useEffect, useId, useState } from 'react';
import { addressSuggestionsQueryOptions } from '../lib/address-api/search-addresses';

/** Typed text worth looking up: more than 3 characters (checkout.md section 5). */
function lookupTerm(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > ADDRESS_LOOKUP_MIN_EXCLUSIVE ? trimmed : '';
}

/**
 * The lookup's combobox (WAI-ARIA combobox with a listbox): more than 3 characters, then a 500 ms
 * pause, then up to 7 suggestions; arrows move, Enter chooses, Escape closes. No match offers the
 * manual edit.
 */
export function AddressSearch({
  label,
  error,
  describedBy,
  inputRef,
  busy,
  onChoose,
  onManual,
  onBlur,
}: {
  label: string;
  error?: string | undefined;
  describedBy?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  busy: boolean;
  onChoose: (suggestion: AddressSuggestion) => void;
  onManual: () => void;
  onBlur?: (() => void) | undefined;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const next = lookupTerm(text);
    if (next === '') {
      setTerm('');
      return;
    }
    const timer = window.setTimeout(() => setTerm(next), ADDRESS_LOOKUP_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const query = useQuery(addressSuggestionsQueryOptions(term));
  const suggestions = term && query.data ? query.data : [];
  const notFound = term !== '' && !query.isFetching && (query.isError || (query.isSuccess && suggestions.length === 0));
  const listOpen = open && lookupTerm(text) !== '' && (suggestions.length > 0 || notFound);
  const errorId = error ? `${id}-error` : undefined;

  function choose(index: number) {
    const suggestion = suggestions[index];
    if (!suggestion) return;
    setOpen(false);
    setActive(-1);
    onChoose(suggestion);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (suggestions.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && listOpen) {
      event.preventDefault();
      if (active >= 0) choose(active);
    } else if (event.key === 'Escape' && listOpen) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <div className={`field address-search ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={`${id}-input`}>{label}</label>
      <div className="address-search__box">
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          placeholder="Start typing your address"
          aria-autocomplete="list"
          aria-expanded={listOpen}
          aria-controls={`${id}-list`}
          aria-activedescendant={listOpen && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[describedBy, errorId].filter(Boolean).join(' ') || undefined}
          aria-busy={busy || query.isFetching ? true : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={(event) => {
            // Moving to the lookup's own buttons (enter manually) is not leaving the field: the list
            // and messages stay put, so nothing shifts away from the pointer mid-click.
            if (event.currentTarget.closest('.address-search')?.contains(event.relatedTarget)) return;
            setOpen(false);
            onBlur?.();
          }}
        />
        <div className="address-search__popup" hidden={!listOpen}>
          <div className="address-search__list" role="listbox" id={`${id}-list`} aria-label="Address suggestions">
            {listOpen
              ? suggestions.map((suggestion, index) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant).
                  <div
                    key={suggestion.Reference}
                    id={`${id}-option-${index}`}
                    role="option"
                    aria-selected={index === active}
                    tabIndex={-1}
                    className="address-search__option"
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => setActive(index)}
                    onClick={() => choose(index)}
                  >
                    {suggestion.Text}
                  </div>
                ))
              : null}
          </div>
          {listOpen && notFound ? (
            <button
              type="button"
              className="address-search__not-found"
              onMouseDown={(event) => event.preventDefault()}
              onClick={onManual}
            >
              {ADDRESS_NOT_FOUND_TEXT}
            </button>
          ) : null}
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {listOpen && suggestions.length > 0 ? `${suggestions.length} addresses found` : ''}
      </p>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      <button type="button" className="link-button address-search__manual" onClick={onManual}>
        Enter address manually
      </button>
    </div>
  );
}
