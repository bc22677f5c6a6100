import { useEffect } from 'react';
import { Link, useParams } from 'react-router';

function titleFromSlug(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Information';
}

/** Help pages are still being written: a placeholder with a way back. (Store pages: store-page.tsx.) */
export function ContentPage() {
  const { slug = '' } = useParams();
  const title = titleFromSlug(slug);
  useEffect(() => {
    document.title = `${title} | Secondhand`;
  }, [title]);
  return (
    <section className="content-page">
      <h1>{title}</h1>
      <p>This page is coming soon.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
