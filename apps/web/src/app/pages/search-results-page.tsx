import { Navigate, useLocation, useParams } from 'react-router';
import { AlertMeButton } from '../../features/saved-searches/components/alert-me-button';
import { SearchResults } from '../../features/search/components/search-results';

/**
 * /search-results (list), /search-results/grid (grid) and /shop, which starts a new search with the
 * nonsticky flag (the remembered location is forgotten).
 */
export function SearchResultsPage() {
  const location = useLocation();
  const rest = useParams()['*'] ?? '';
  if (/^\/shop(\/|$)/.test(location.pathname)) {
    const params = new URLSearchParams(location.search);
    params.set('nonsticky', 'true');
    return <Navigate to={`/search-results?${params}`} replace />;
  }
  const layout = rest.replace(/\/$/, '') === 'grid' ? 'grid' : 'list';
  // Nothing found: the shopper can have this very search mail them when a match comes in.
  const query = new URLSearchParams(location.search).get('query')?.trim();
  const alert = (
    <AlertMeButton
      searchUrl={`/search-results${location.search}`}
      title={query || 'New items'}
      className="search-button search-button--secondary"
    />
  );
  return <SearchResults key={layout} layout={layout} alert={alert} />;
}
