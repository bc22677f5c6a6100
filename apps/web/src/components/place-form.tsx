import { DISTANCE_RADII_KM, type Region, type ShopperPlace } from '@shop/contract';
import { type FormEvent, useId, useState } from 'react';
import { locateShopper, PlaceError, resolvePlace } from '../lib/place-api';
import { TextField } from './form-field';
import './place-form.css';

/** The place field's label and example, as each region names its places. */
export const PLACE_FIELD = {
  AU: { label: 'Postcode or suburb', hint: 'For example 2150 or Parramatta' },
  UK: { label: 'Postcode or district', hint: 'For example SW1A 1AA or M1' },
} as const satisfies Record<Region, { label: string; hint: string }>;

export const ANY_DISTANCE = '';

/** "Within 25 km" for a radius; "Any distance" for none. */
export function radiusLabel(km: string): string {
  return km === ANY_DISTANCE ? 'Any distance' : `Within ${km} km`;
}

/**
 * Where the shopper is: a place typed (resolved by the server) or "Use my location" (the browser
 * asks only when it is pressed), and on the search page the radius. The form hands the resolved
 * place to its host, which remembers it and acts on it; a place that cannot be found is said under
 * the field, and a refused or failed location in words beside its button.
 */
export function PlaceForm({
  region,
  initialText = '',
  radius,
  submitLabel = 'Set location',
  onPlace,
  onClear,
  autoFocus = false,
}: {
  region: Region;
  initialText?: string;
  /** The radius select (search page only): its current value ('' for any distance). */
  radius?: { value: string; onChange: (value: string) => void };
  submitLabel?: string;
  onPlace: (place: ShopperPlace) => void;
  /** Offered when a place is set: forget it. */
  onClear?: (() => void) | undefined;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState(initialText);
  const [busy, setBusy] = useState<'text' | 'location' | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [locationError, setLocationError] = useState<string | null>(null);
  const field = PLACE_FIELD[region];

  const run = async (kind: 'text' | 'location', find: () => Promise<ShopperPlace>) => {
    setBusy(kind);
    setFieldError(undefined);
    setLocationError(null);
    try {
      const place = await find();
      setBusy(null);
      onPlace(place);
    } catch (error) {
      setBusy(null);
      const message = error instanceof PlaceError ? error.message : 'Something went wrong. Please try again.';
      if (kind === 'text') setFieldError(message);
      else setLocationError(message);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (text.trim() === '') {
      setFieldError(`Enter a ${region === 'AU' ? 'postcode or suburb' : 'postcode or district'}.`);
      return;
    }
    void run('text', () => resolvePlace(text));
  };

  return (
    <form className="place-form" onSubmit={submit} noValidate aria-busy={busy !== null}>
      <TextField
        label={field.label}
        hint={field.hint}
        error={fieldError}
        name="place"
        value={text}
        autoComplete="postal-code"
        autoFocus={autoFocus}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <div className="place-form__locate">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy !== null}
          onClick={() => void run('location', () => locateShopper())}
        >
          {busy === 'location' ? 'Finding you...' : 'Use my location'}
        </button>
        {locationError ? (
          <p className="field__error" role="alert">
            {locationError}
          </p>
        ) : null}
      </div>
      {radius ? (
        <div className="field">
          <label htmlFor={`${id}-radius`}>Distance</label>
          <select
            id={`${id}-radius`}
            name="within"
            value={radius.value}
            onChange={(event) => radius.onChange(event.currentTarget.value)}
          >
            {[ANY_DISTANCE, ...DISTANCE_RADII_KM.map(String)].map((km) => (
              <option key={km} value={km}>
                {radiusLabel(km)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="place-form__actions">
        <button type="submit" className="button button--small" disabled={busy !== null}>
          {busy === 'text' ? 'Finding...' : submitLabel}
        </button>
        {onClear ? (
          <button type="button" className="button button--ghost button--small" onClick={onClear}>
            Clear location
          </button>
        ) : null}
      </div>
    </form>
  );
}
