import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import { usePublishStuckHeight } from '../use-stuck-height';
import { AccountMenu } from './account-menu';
import '../layout.css';

/**
 * The brand, the search bar (passed in by the app, which owns the search feature), a few links, the
 * account menu and the app's actions (the cart). Sticky (layout.css): whole from 768 px, its search
 * row only on phones.
 */
export function SiteHeader({
  search,
  actions,
  place,
}: {
  search: ReactNode;
  actions?: ReactNode;
  /** The shopper's place ("Near 2150"), which opens the location control. */
  place?: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  usePublishStuckHeight(ref);
  return (
    <header ref={ref} className="site-header">
      <div className="site-header__inner">
        <Link className="brand" to="/" aria-label="Secondhand home">
          <svg className="brand__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="9" fill="currentColor" />
            <path
              d="M9 20.5c1.4 1.6 3.9 2.5 6.6 2.5 3.6 0 6.2-1.7 6.2-4.4 0-2.6-2-3.6-5.6-4.3-2.4-.5-3.3-.9-3.3-1.8 0-1 1.1-1.6 2.7-1.6 1.7 0 3 .6 4 1.6"
              fill="none"
              stroke="#ffd23f"
              strokeWidth="2.6"
              strokeLinecap="round"
            />
          </svg>
          <span className="brand__name">
            Second<span>hand</span>
          </span>
        </Link>
        <div className="site-header__search">{search}</div>
        {place ? <div className="site-header__place">{place}</div> : null}
        <nav className="site-nav" aria-label="Main">
          <ul>
            <li>
              <Link to="/shop">Shop all</Link>
            </li>
            <li>
              <Link to="/help/click-and-collect">Help</Link>
            </li>
          </ul>
        </nav>
        <div className="site-header__actions">
          <AccountMenu />
          {actions}
        </div>
      </div>
    </header>
  );
}
