/**
 * The invitation's token. The e-mailed link carries it in the fragment (`#token=`), which no
 * server, log, Referer or analytics tag ever sees; links sent before that carry it in the query.
 * The page reads it once, keeps it for this tab only (sessionStorage, so a guest who signs in first
 * comes back to it) and takes it out of the address bar, history and any screenshot.
 */
const KEY = 'console-invitation-token';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The token of `#token=...` or `?token=...`, or null. */
export function invitationTokenFrom(hash: string, search: string): string | null {
  const read = (text: string) => new URLSearchParams(text.replace(/^[#?]/, '')).get('token') || null;
  return read(hash) ?? read(search);
}

/** Whether text can be an invitation token at all (anything else is a broken link, asked nowhere). */
export function isInvitationToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** Reads the token from the address (then removes it from there) or from this tab's storage. */
export function takeInvitationToken(): string | null {
  const fromUrl = invitationTokenFrom(window.location.hash, window.location.search);
  if (fromUrl) {
    const params = new URLSearchParams(window.location.search);
    params.delete('token');
    const query = params.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
    remember(fromUrl);
    return fromUrl;
  }
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Forgets the token once the invitation is accepted (or found unusable). */
export function forgetInvitationToken(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage off: nothing was kept.
  }
}

function remember(token: string): void {
  try {
    window.sessionStorage.setItem(KEY, token);
  } catch {
    // Storage off: the token works on this page only; signing in first means opening the link again.
  }
}
