import type { AdminFlag } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Notice } from '../../../components/notice';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { adminFlagsKey, saveAdminFlags, useAdminFlags } from './api/admin-flags';

/**
 * Feature flags: the admin's switch of each of the shop's features for this region. The server's
 * environment setting of a flag has the last word: when it is off, the switch is shown but cannot
 * turn the feature on.
 */
export function FlagsPage() {
  useDocumentTitle('Feature flags - Marketplace admin');
  const flags = useAdminFlags();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function toggle(flag: AdminFlag, enabled: boolean) {
    setBusy(flag.Name);
    setMessage(null);
    try {
      const value = await saveAdminFlags({ Flags: [{ Name: flag.Name, Enabled: enabled }] });
      queryClient.setQueryData(adminFlagsKey, value);
      setMessage({ kind: 'success', text: `${flag.Label}: ${enabled ? 'on' : 'off'}.` });
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="admin-flags">
      <div className="admin-head">
        <h2 id="admin-flags">Feature flags</h2>
      </div>
      <p>Shoppers see a feature only when it is on here and in the server’s settings.</p>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {flags.status === 'loading' && <p role="status">Loading the flags...</p>}
      {flags.status === 'error' && <Notice kind="error">{flags.message}</Notice>}
      {flags.status === 'done' && (
        <ul className="admin-list">
          {flags.value.Flags.map((flag) => (
            <li key={flag.Name} className="admin-card">
              <div className="field admin-check">
                <input
                  id={`flag-${flag.Name}`}
                  type="checkbox"
                  checked={flag.Enabled}
                  disabled={busy !== null}
                  onChange={(event) => void toggle(flag, event.target.checked)}
                  aria-describedby={`flag-${flag.Name}-state`}
                />
                <label htmlFor={`flag-${flag.Name}`}>{flag.Label}</label>
              </div>
              <p id={`flag-${flag.Name}-state`}>
                {flag.EnvironmentEnabled
                  ? `Shoppers: ${flag.Effective ? 'on' : 'off'}.`
                  : 'Shoppers: off. The server’s settings turn it off, whatever this says.'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
