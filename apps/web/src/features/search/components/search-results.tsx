import { useSearchParams } from 'react-router';
import { ProductCard } from '../../../components/product-card';
import { useSearchResults } from '../api/get-search-results';

/** The first cut of the search page: result count, breadcrumbs and the list of items. */
export function SearchResults() {
  const [params] = useSearchParams();
  const state = useSearchResults(params);

  if (state.status === 'loading') {
    return (
      <p className="notice" aria-live="polite">
        Searching...
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="notice notice--error" role="alert">
        {state.message}
      </div>
    );
  }
  const { value } = state;
  const count = value.ProductList.ProductListItemCount;
  return (
    <section aria-labelledby="results-heading">
      <nav aria-label="Breadcrumbs" className="breadcrumbs">
        <ol>
          {value.Breadcrumbs.map((crumb) => (
            <li key={crumb.Url}>
              <a href={crumb.Url}>{crumb.Label}</a>
            </li>
          ))}
        </ol>
      </nav>
      <h1 id="results-heading">
        {count.toLocaleString('en')} {count === 1 ? 'result' : 'results'}
      </h1>
      {count === 0 ? (
        <p className="notice">
          No results! Consider adjusting your filters, changing your search terms or browsing in a different product
          category.
        </p>
      ) : (
        <ul className="results" aria-label="Items">
          {value.ProductList.ProductListItems.map((item) => (
            <li key={item.Code}>
              <ProductCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
