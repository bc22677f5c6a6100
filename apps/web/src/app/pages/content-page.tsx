import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { Notice } from '../../components/notice';
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
    return (
      <div className="page-error">
        <h1>This page could not be shown</h1>
        <Notice kind="error">{page.message}</Notice>
        <button type="button" className="button button--secondary" onClick={page.reload}>
          Try again
        </button>
      </div>
    );
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
