import { safeReturnPath } from '@shop/contract';

/** The sign-in page that brings the shopper back to `returnTo` afterwards. */
export function loginPath(returnTo: string): string {
  return `/login?${new URLSearchParams({ returnUrl: returnTo })}`;
}

/**
 * Where the sign-in and registration pages send the shopper afterwards: the `returnUrl` query
 * parameter, else router state { returnUrl }, checked by the contract's safeReturnPath (a path on
 * this site only); else /my-account.
 */
export function returnPathFrom(search: string, state: unknown): string {
  const fromQuery = new URLSearchParams(search).get('returnUrl');
  const fromState =
    state && typeof state === 'object' && 'returnUrl' in state && typeof state.returnUrl === 'string'
      ? state.returnUrl
      : null;
  return safeReturnPath(fromQuery ?? fromState);
}

/** Keeps the return path when moving between /login and /register. */
export function withReturn(path: string, returnTo: string): string {
  return returnTo === safeReturnPath(null) ? path : `${path}?${new URLSearchParams({ returnUrl: returnTo })}`;
}
