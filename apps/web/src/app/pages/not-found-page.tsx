import { useEffect } from 'react';
import { Link } from 'react-router';

export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page not found | Secondhand';
  }, []);
  return (
    <section className="not-found">
      <h1>Page not found</h1>
      <p>That page does not exist, or it has moved.</p>
      <p className="not-found__actions">
        <Link className="button button--primary" to="/">
          Go to the home page
        </Link>{' '}
        <Link className="button button--secondary" to="/search-results">
          Browse all items
        </Link>
      </p>
    </section>
  );
}
