import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { PageLoadError } from '../../components/page-load-error';
import { useHelpPage } from '../../features/help/api/get-help-page';
import { useDocumentTitle } from '../../lib/use-document-title';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** /help/:slug: one of the region's help pages (the footer's and the Pages tab's links lead here). */
export function ContentPage() {
  const { slug = '' } = useParams();
  const valid = SLUG.test(slug);
  const page = useHelpPage(valid ? slug : null);
  // The API sanitised the body already; the browser applies its own sanitiser again before use.
  const body = useMemo(() => (page.status === 'done' ? DOMPurify.sanitize(page.value.BodyHtml) : ''), [page]);
  useDocumentTitle(page.status === 'done' ? page.value.Title : page.status === 'loading' ? 'Help' : 'Page not found');
  if (!valid || (page.status === 'error' && page.httpStatus === 404)) {
    return (
      <section className="not-found">
        <h1>Page not found</h1>
        <p>There is no help page at this address.</p>
        <p>
          <Link className="button button--primary" to="/">
            Go to the home page
          </Link>
        </p>
      </section>
    );
  }
  if (page.status === 'error') {
    return <PageLoadError title="This page could not be shown" message={page.message} onRetry={page.reload} />;
  }
  if (page.status === 'loading') {
    return (
      <p className="content-page" aria-busy="true">
        Loading...
      </p>
    );
  }
  return (
    <article className="content-page">
      <h1>{page.value.Title}</h1>
      <p className="content-page__lead">{page.value.Description}</p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API and again by DOMPurify above */}
      <div className="content-page__body" dangerouslySetInnerHTML={{ __html: body }} />
      <p>
        <Link to="/search-results">Browse all items</Link>
      </p>
    </article>
  );
}
