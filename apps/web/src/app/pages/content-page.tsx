import { useEffect } from 'react';
import { Link, useParams } from 'react-router';

function titleFromSlug(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Information';
}

/** Help and store pages are still being written: a placeholder with a way back. */
export function ContentPage({ kind }: { kind: 'help' | 'store' }) {
  const { slug = '' } = useParams();
  const title = kind === 'store' ? `${titleFromSlug(slug)} store` : titleFromSlug(slug);
  useEffect(() => {
    document.title = `${title} | Secondhand`;
  }, [title]);
  return (
    <section className="content-page">
      <h1>{title}</h1>
      <p>This page is coming soon.</p>
      <p>
        {kind === 'store' ? (
          <Link to={`/search-results?location=${encodeURIComponent(slug)}`}>See this store's items</Link>
        ) : (
          <Link to="/">Go to the home page</Link>
        )}
      </p>
    </section>
  );
}
