import { greetingName } from '@shop/contract';
import { Link, useLocation } from 'react-router';
import { loginPath } from '../../../lib/return-path';
import { useViewer } from '../../../lib/viewer';

/**
 * The product page's account widget (storefront.md section 4): a login link that becomes a
 * greeting once whoami says who is signed in; a long first name is shortened (greetingName).
 */
export function AccountWidget() {
  const viewer = useViewer();
  const location = useLocation();
  if (viewer.kind === 'customer') {
    return (
      <p className="account-widget" title={viewer.firstName}>
        Hi, {greetingName(viewer.firstName)}
      </p>
    );
  }
  return (
    <p className="account-widget">
      <Link to={loginPath(`${location.pathname}${location.search}`)}>Login / Register</Link> for faster checkout and
      wishlist alerts
    </p>
  );
}
