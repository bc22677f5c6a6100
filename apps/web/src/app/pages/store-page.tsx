import { Link, useParams } from 'react-router';
import { PageLoadError } from '../../components/page-load-error';
import { useStore } from '../../features/stores/api/get-store';
import { pageTitle, StoreInfo } from '../../features/stores/components/store-info';
import { useDocumentTitle } from '../../lib/use-document-title';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** /stores/:slug: one store's page (the page tiles' 'Store information' and the product page link here). */
export function StorePage() {
  const { slug = '' } = useParams();
  const valid = SLUG.test(slug);
  const store = useStore(valid ? slug : null);
  const title =
    store.status === 'done' ? pageTitle(store.value) : store.status === 'loading' ? 'Store' : 'Store not found';
  useDocumentTitle(title);
  if (!valid || (store.status === 'error' && store.httpStatus === 404)) {
    return (
      <section className="not-found">
        <h1>Store not found</h1>
        <p>There is no store at this address. It may have moved or closed.</p>
        <p className="not-found__actions">
          <Link className="button button--primary" to="/search-results">
            Browse all items
          </Link>
        </p>
      </section>
    );
  }
  if (store.status === 'error') {
    return <PageLoadError title="This store could not be shown" message={store.message} onRetry={store.reload} />;
  }
  if (store.status === 'loading') {
    return (
      <p className="store-page" aria-busy="true">
        Loading the store...
      </p>
    );
  }
  return <StoreInfo store={store.value} />;
}
