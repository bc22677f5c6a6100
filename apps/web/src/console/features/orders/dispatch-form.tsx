import { type ConsoleDispatchBody, ConsoleDispatchBodySchema, type Region } from '@shop/contract';
import { useRef, useState } from 'react';
import { TextField } from '../../../components/form-field';
import { Notice } from '../../../components/notice';
import { useContractForm } from '../../../lib/use-contract-form';
import { DEFAULT_CARRIER } from './order-labels';
import type { CommandOutcome } from './use-order-commands';

const FIELDS = ['Carrier', 'TrackingNumber', 'TrackingUrl'] as const;
type Field = (typeof FIELDS)[number];

/** The form's text as the call's body: empty optional fields are null (the region's carrier, no link). */
export function dispatchBodyOf(values: Record<Field, string>): ConsoleDispatchBody {
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    Carrier: optional(values.Carrier),
    TrackingNumber: values.TrackingNumber.trim(),
    TrackingUrl: optional(values.TrackingUrl),
  };
}

const NAMES: Record<Field, string> = {
  Carrier: 'Carrier',
  TrackingNumber: 'Tracking number',
  TrackingUrl: 'Tracking URL',
};

/** The schema's message as a sentence about the field ('must be ...' gets the field's name). */
export function dispatchFieldMessage(field: Field, raw: string): string {
  if (field === 'TrackingNumber' && raw.includes('Too small')) return 'Please enter the tracking number';
  if (raw.startsWith('Too big')) return `${NAMES[field]} is too long`;
  return raw.startsWith('must') ? `${NAMES[field]} ${raw}` : raw;
}

/**
 * Mark dispatched: carrier (empty: the region's), tracking number, tracking URL; checked with the
 * contract's schema as typed and on submit, and the server's refusal shown under the fields.
 */
export function DispatchForm({
  region,
  busy,
  onDispatch,
}: {
  region: Region;
  busy: boolean;
  onDispatch: (body: ConsoleDispatchBody) => Promise<CommandOutcome | null>;
}) {
  const form = useContractForm({
    schema: ConsoleDispatchBodySchema,
    fields: FIELDS,
    initial: { Carrier: '', TrackingNumber: '', TrackingUrl: '' },
    toInput: dispatchBodyOf,
    validateOnInput: 'touched',
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const refs = { TrackingNumber: useRef<HTMLInputElement>(null), TrackingUrl: useRef<HTMLInputElement>(null) };
  const message = (field: Field) => {
    const text = form.errors[field];
    return text ? dispatchFieldMessage(field, text) : undefined;
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const { firstInvalid } = form.validateAll();
    if (firstInvalid === 'TrackingNumber' || firstInvalid === 'TrackingUrl') refs[firstInvalid].current?.focus();
    if (firstInvalid) return;
    setServerError(null);
    const outcome = await onDispatch(dispatchBodyOf(form.values));
    if (outcome?.kind === 'error') setServerError(outcome.text);
  }

  return (
    <form className="console-dispatch" onSubmit={submit} noValidate aria-labelledby="console-dispatch-title">
      <h3 id="console-dispatch-title">Mark dispatched</h3>
      <TextField
        label="Carrier (optional)"
        hint={`Leave empty for ${DEFAULT_CARRIER[region]}.`}
        autoComplete="off"
        maxLength={60}
        error={message('Carrier')}
        {...form.field('Carrier')}
      />
      <TextField
        label="Tracking number"
        required
        autoComplete="off"
        maxLength={64}
        inputRef={refs.TrackingNumber}
        error={message('TrackingNumber')}
        {...form.field('TrackingNumber')}
      />
      <TextField
        label="Tracking URL (optional)"
        hint="The carrier's tracking page for this parcel, starting https://"
        type="url"
        inputMode="url"
        autoComplete="off"
        maxLength={500}
        inputRef={refs.TrackingUrl}
        error={message('TrackingUrl')}
        {...form.field('TrackingUrl')}
      />
      {serverError ? <Notice kind="error">{serverError}</Notice> : null}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Marking dispatched...' : 'Mark dispatched'}
      </button>
    </form>
  );
}
