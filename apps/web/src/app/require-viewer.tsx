import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useViewer } from '../lib/viewer';

/**
 * The account area's guard: a signed-in customer sees the page in the outlet; a guest is asked to
 * sign in (sign-in itself arrives with accounts) and sees nothing of the account.
 */
export function RequireViewer() {
  const viewer = useViewer();
  useEffect(() => {
    if (viewer.kind === 'guest') document.title = 'Sign in | Secondhand';
  }, [viewer.kind]);
  if (viewer.kind === 'customer') return <Outlet />;
  return (
    <div className="page sign-in-required">
      <h1>Sign in</h1>
      <p>
        Please sign in to see your account. Accounts are coming soon: until then, your cart and wishlist are kept on
        this device.
      </p>
    </div>
  );
}
