import { SearchResults } from '../../features/search/components/search-results';
import { Layout } from '../layout';

export function SearchResultsPage() {
  return (
    <Layout>
      <SearchResults />
    </Layout>
  );
}
