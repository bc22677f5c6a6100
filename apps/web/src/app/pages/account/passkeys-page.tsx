import { usePasskeys } from '../../../features/account/api/get-passkeys';
import { AddPasskey } from '../../../features/account/components/add-passkey';
import { PasskeyList } from '../../../features/account/components/passkey-list';
import { useSiteSettings } from '../../../lib/site-settings';
import { AccountFrame, Loaded } from './account-frame';

/** /my-account/passkeys: see, add and remove the passkeys that sign this customer in. */
export function PasskeysPage() {
  const passkeys = usePasskeys();
  const { Region } = useSiteSettings();
  return (
    <AccountFrame title="Passkeys" crumb="Passkeys">
      <p className="account-page__intro">
        A passkey signs you in with your fingerprint, face or screen lock. It cannot be guessed or phished, and it works
        alongside your password.
      </p>
      <div className="account-card">
        <Loaded state={passkeys} what="your passkeys">
          {(list) => <PasskeyList passkeys={list} locale={Region === 'UK' ? 'en-GB' : 'en-AU'} />}
        </Loaded>
        <AddPasskey />
      </div>
    </AccountFrame>
  );
}
