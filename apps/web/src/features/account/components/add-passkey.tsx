import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'react';
import { Icon } from '../../../components/icon';
import { Notice } from '../../../components/notice';
import { useAddPasskey } from '../api/add-passkey';
import { PASSKEYS_UNSUPPORTED_MESSAGE, passkeyErrorMessage } from '../passkey-errors';
import '../account.css';

/** 'Add a passkey': this device (or a phone, or a security key) makes one for the account. */
export function AddPasskey() {
  const add = useAddPasskey();
  const [unsupported, setUnsupported] = useState(false);

  function start() {
    if (!browserSupportsWebAuthn()) {
      setUnsupported(true);
      return;
    }
    add.mutate(undefined);
  }

  return (
    <div className="add-passkey">
      <button type="button" className="button button--primary" onClick={start} disabled={add.isPending}>
        <Icon name="key" size={18} />
        {add.isPending ? 'Waiting for your device...' : 'Add a passkey'}
      </button>
      {unsupported ? <Notice kind="warning">{PASSKEYS_UNSUPPORTED_MESSAGE}</Notice> : null}
      {add.isError ? <Notice kind="error">{passkeyErrorMessage(add.error)}</Notice> : null}
      {add.isSuccess ? (
        <Notice kind="success">Your passkey has been added. You can sign in with it next time.</Notice>
      ) : null}
    </div>
  );
}
