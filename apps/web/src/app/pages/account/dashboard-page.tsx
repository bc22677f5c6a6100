import { useAccountOverview } from '../../../features/account/api/get-account-overview';
import { AccountDashboard } from '../../../features/account/components/account-dashboard';
import { AccountFrame, Loaded } from './account-frame';

/** /my-account (and any account path without a page of its own): 'My Shopping' (account.md 2.1). */
export function DashboardPage() {
  const overview = useAccountOverview();
  return (
    <AccountFrame title="My Shopping" wide>
      <Loaded state={overview} what="your account">
        {(value) => <AccountDashboard overview={value} />}
      </Loaded>
    </AccountFrame>
  );
}
