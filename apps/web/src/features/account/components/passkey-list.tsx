import type { Passkey } from '@shop/contract';
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { Notice } from '../../../components/notice';
import { useRemovePasskey } from '../api/remove-passkey';
import { serverMessage } from '../form-helpers';
import '../account.css';

function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** The customer's passkeys: name, when added, when last used; each can be removed after a confirm. */
export function PasskeyList({ passkeys, locale }: { passkeys: Passkey[]; locale: string }) {
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const remove = useRemovePasskey();

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.Id);
    } catch {
      // Shown from remove.error below.
    }
    setRemoving(null);
  }

  if (passkeys.length === 0) return <p>You have not added a passkey yet.</p>;
  return (
    <>
      {remove.isError ? <Notice kind="error">{serverMessage(remove.error)}</Notice> : null}
      <ul className="passkey-list">
        {passkeys.map((passkey) => (
          <li key={passkey.Id} className="passkey-list__item">
            <div>
              <p className="passkey-list__name">{passkey.Name}</p>
              <p className="passkey-list__dates">
                Added {formatDate(passkey.CreatedAt, locale)} ·{' '}
                {passkey.LastUsedAt ? `last used ${formatDate(passkey.LastUsedAt, locale)}` : 'not used yet'}
                {passkey.BackedUp ? ' · synced to your other devices' : ''}
              </p>
            </div>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={`Remove ${passkey.Name}`}
              onClick={() => setRemoving(passkey)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <Modal open={removing !== null} title="Remove this passkey?" onClose={() => setRemoving(null)}>
        <p>
          You will no longer be able to sign in with <strong>{removing?.Name}</strong>. Your password and other passkeys
          still work.
        </p>
        <div className="account-form__actions">
          <button type="button" className="button button--primary" onClick={confirmRemove} disabled={remove.isPending}>
            {remove.isPending ? 'Removing...' : 'Remove passkey'}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setRemoving(null)}>
            Keep it
          </button>
        </div>
      </Modal>
    </>
  );
}
