import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { SearchBox } from '../features/search/components/search-box';

export function Layout({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const query = params.get('query') ?? '';
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <a className="brand" href="/">
          Second<span>hand</span>
        </a>
        <SearchBox key={query} initial={query} />
      </header>
      <main id="main">{children}</main>
    </>
  );
}
