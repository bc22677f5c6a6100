import type { ConsoleStoreSettingsValue } from '@shop/contract';
import { useState } from 'react';
import type { z } from 'zod';
import { type SettingsBodies, type SettingsSection, useSaveStoreSettings } from './api/settings-save';
import { type PathErrors, schemaErrors, serverErrors } from './settings-errors';

/**
 * One section's save: the body is checked with the contract's schema first (errors beside the
 * fields, nothing sent), then sent; the server's 400 is shown beside the fields too, anything else
 * above the button. A save that worked says so until the next change.
 */
export function useSectionForm<S extends SettingsSection>(
  storeId: number,
  section: S,
  schema: z.ZodType,
  onSaved?: (value: ConsoleStoreSettingsValue) => void,
) {
  const mutation = useSaveStoreSettings(storeId, section);
  const [errors, setErrors] = useState<PathErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  /** Sends the body, or shows why it cannot be sent; `local` holds the form's own errors (amounts that are not amounts). */
  async function save(body: SettingsBodies[S], local: PathErrors = {}): Promise<void> {
    setSaved(false);
    setProblem(null);
    const found = { ...schemaErrors(schema, body), ...local };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setProblem('Please correct the marked fields.');
      return;
    }
    try {
      const value = await mutation.mutateAsync(body);
      setSaved(true);
      onSaved?.(value);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const fields = serverErrors(error);
      if (fields) {
        setErrors(fields);
        setProblem('Please correct the marked fields.');
      } else setProblem(message || 'Sorry, the settings could not be saved. Please try again.');
    }
  }

  return {
    save,
    /** The message for a path, or undefined. */
    errorOf: (path: string) => errors[path],
    problem,
    saved,
    sending: mutation.isPending,
    /** Any edit clears the "saved" note: what is on screen is no longer what was saved. */
    edited: () => setSaved(false),
  };
}
