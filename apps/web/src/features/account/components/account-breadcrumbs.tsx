import { Link } from 'react-router';
import '../account.css';

export interface Crumb {
  label: string;
  to: string;
}

/**
 * Home › Dashboard › any pages between › the page (account.md 2.4: Dashboard, Order History,
 * Order: {id}). The dashboard itself ends at Dashboard. `trail` replaces the Dashboard crumb when
 * given (a guest opening an order by its signed link has no dashboard).
 */
export function AccountBreadcrumbs({ current, trail }: { current?: string; trail?: Crumb[] }) {
  const between = trail ?? [{ label: 'Dashboard', to: '/my-account' }];
  return (
    <nav aria-label="Breadcrumbs" className="breadcrumbs">
      <ol>
        <li>
          <Link to="/">Home</Link>
        </li>
        {current ? (
          <>
            {between.map((crumb) => (
              <li key={crumb.to}>
                <Link to={crumb.to}>{crumb.label}</Link>
              </li>
            ))}
            <li>
              <span aria-current="page">{current}</span>
            </li>
          </>
        ) : (
          <li>
            <span aria-current="page">Dashboard</span>
          </li>
        )}
      </ol>
    </nav>
  );
}
