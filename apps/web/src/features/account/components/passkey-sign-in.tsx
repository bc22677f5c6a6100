import type { CustomerIdentity } from '@shop/contract';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'react';
import { Icon } from '../../../components/icon';
import { Notice } from '../../../components/notice';
import { usePasskeyLogin } from '../api/passkey-login';
import { PASSKEYS_UNSUPPORTED_MESSAGE, passkeyErrorMessage } from '../passkey-errors';
import '../account.css';

/** 'Sign in with a passkey': the device offers the passkeys it holds for this shop. */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (identity: CustomerIdentity) => void }) {
  const passkeyLogin = usePasskeyLogin();
  const [unsupported, setUnsupported] = useState(false);

  async function signIn() {
    if (!browserSupportsWebAuthn()) {
      setUnsupported(true);
      return;
    }
    try {
      onSignedIn(await passkeyLogin.mutateAsync());
    } catch {
      // Shown from passkeyLogin.error below.
    }
  }

  return (
    <div className="passkey-sign-in">
      <button
        type="button"
        className="button button--secondary"
        onClick={signIn}
        disabled={passkeyLogin.isPending}
        aria-describedby="passkey-sign-in-hint"
      >
        <Icon name="key" size={18} />
        {passkeyLogin.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
      </button>
      <p className="field__hint" id="passkey-sign-in-hint">
        Use your fingerprint, face or screen lock instead of a password, if you have added a passkey.
      </p>
      {unsupported ? <Notice kind="warning">{PASSKEYS_UNSUPPORTED_MESSAGE}</Notice> : null}
      {passkeyLogin.isError ? <Notice kind="error">{passkeyErrorMessage(passkeyLogin.error)}</Notice> : null}
    </div>
  );
}
