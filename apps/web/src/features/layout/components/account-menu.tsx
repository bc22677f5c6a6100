import { useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../../components/icon';
import { loginPath } from '../../../lib/return-path';
import { useDismiss } from '../../../lib/use-dismiss';
import { useViewer } from '../../../lib/viewer';

/** A signed-in customer's menu: their first name on the button, My Account and Sign out inside. */
function CustomerMenu({ firstName }: { firstName: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useDismiss({
    open,
    root: rootRef,
    onDismiss: () => setOpen(false),
    returnFocus: buttonRef,
    escapeScope: 'root',
    onFocusOut: true,
  });
  const close = () => setOpen(false);
  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        <Icon name="user" size={20} />
        <span className="account-menu__name">
          <span className="visually-hidden">Account menu for </span>
          {firstName}
        </span>
        <span className="account-menu__chevron">
          <Icon name="chevron-down" size={16} />
        </span>
      </button>
      <ul className="account-menu__panel" id={`${id}-panel`} hidden={!open}>
        <li>
          <Link to="/my-account" onClick={close}>
            My Account
          </Link>
        </li>
        <li>
          <Link to="/logout" onClick={close}>
            Sign out
          </Link>
        </li>
      </ul>
    </div>
  );
}

/**
 * The header's account entry: the customer's menu once whoami says who they are, Login / Register
 * links for a guest, and a space of the same size while whoami is asked (so nothing jumps).
 */
export function AccountMenu() {
  const viewer = useViewer();
  const location = useLocation();
  // Signing in from the header brings the shopper back to the page they were on.
  const here = `${location.pathname}${location.search}`;
  if (viewer.kind === 'customer') return <CustomerMenu firstName={viewer.firstName} />;
  if (viewer.kind === 'loading') return <span className="account-links account-links--pending" aria-hidden="true" />;
  return (
    <ul className="account-links">
      <li>
        <Link to={loginPath(here)}>
          <Icon name="user" size={20} />
          <span className="account-links__text">Login</span>
        </Link>
      </li>
      {/* Hidden on narrow screens, where the sign-in page's own link to it serves. */}
      <li className="account-links__register">
        <Link to={`/register?${new URLSearchParams({ returnUrl: here })}`}>Register</Link>
      </li>
    </ul>
  );
}
