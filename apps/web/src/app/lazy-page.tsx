import { type ComponentType, lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageErrorBoundary } from './page-error-boundary';

type PageModule = { default: ComponentType };

export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the page's code; the server and the browser call it before the first render of its route. */
  preload: () => Promise<void>;
}

/**
 * A route's page as its own chunk (React.lazy), so a product page never downloads the checkout or
 * the account area. Once `preload` has finished, the page renders at once instead of suspending:
 * React.lazy reads a thenable that settles synchronously. That is what lets the server render the
 * whole page in one pass and the browser hydrate it without a fallback flashing over server HTML.
 * The Suspense fallback (while a page loaded by a link arrives) holds the page's space; a page that
 * cannot load or throws shows PageErrorBoundary's notice instead.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: PageModule | null = null;
  const preload = async () => {
    loaded ??= await load();
  };
  const Lazy = lazy(
    () =>
      (loaded
        ? // Settles synchronously, so React.lazy renders without suspending.
          // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy reads.
          { then: (resolve: (module: PageModule) => void) => resolve(loaded as PageModule) }
        : load().then((module) => {
            loaded = module;
            return module;
          })) as Promise<PageModule>,
  );
  function Page() {
    const { pathname, search } = useLocation();
    // A page whose code cannot be fetched, or that throws, says so; the header and footer stay.
    return (
      <PageErrorBoundary resetKey={`${pathname}${search}`}>
        <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
          <Lazy />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  return Object.assign(Page, { preload });
}
