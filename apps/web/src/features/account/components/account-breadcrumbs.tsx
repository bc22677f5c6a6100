import { Link } from 'react-router';
import '../account.css';

/** Home › My Shopping › the page (the dashboard itself ends at My Shopping). */
export function AccountBreadcrumbs({ current }: { current?: string }) {
  return (
    <nav aria-label="Breadcrumbs" className="breadcrumbs">
      <ol>
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>{current ? <Link to="/my-account">My Shopping</Link> : <span aria-current="page">My Shopping</span>}</li>
        {current ? (
          <li>
            <span aria-current="page">{current}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}
