import { Navigate, useLocation, useParams } from 'react-router';
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
  return <SearchResults key={layout} layout={layout} />;
}
