import type { ReactNode } from 'react';
import { Notice } from '../../../components/notice';
import { AccountBreadcrumbs, type Crumb } from '../../../features/account/components/account-breadcrumbs';
import type { ApiState } from '../../../lib/use-api-query';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** An account page's frame: breadcrumbs under the dashboard, its heading and title. */
export function AccountFrame({
  title,
  crumb,
  trail,
  wide = false,
  className = '',
  children,
}: {
  title: string;
  /** The last breadcrumb; none on the dashboard itself. */
  crumb?: string;
  /** The crumbs between Home and the page, when not just the dashboard. */
  trail?: Crumb[];
  wide?: boolean;
  /** A page's own class (its width, say). */
  className?: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className={`page account-page ${wide ? 'account-page--wide' : ''} ${className}`.trim()}>
      <AccountBreadcrumbs {...(crumb ? { current: crumb } : {})} {...(trail ? { trail } : {})} />
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/** A query's loading and error states as account pages show them; the value goes to `children`. */
export function Loaded<T>({
  state,
  what,
  children,
}: {
  state: ApiState<T> & { reload: () => void };
  what: string;
  children: (value: T) => ReactNode;
}) {
  if (state.status === 'loading') return <p role="status">Loading {what}...</p>;
  if (state.status === 'error') {
    return (
      <>
        <Notice kind="error">{state.message}</Notice>
        <button type="button" className="button button--secondary" onClick={state.reload}>
          Try again
        </button>
      </>
    );
  }
  return <>{children(state.value)}</>;
}
