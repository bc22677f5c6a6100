import { sameSecret, sign } from '../../lib/tokens.js';

/**
 * The one-click unsubscribe link of a saved search's alerts: the token is the search's id and an
 * HMAC of it under the server's secret (`{id}.{signature}`), so only we can make one and it needs
 * no sign-in. It works for as long as the search exists.
 */
export class DigestLinks {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  token(searchId: number): string {
    return `${searchId}.${sign(this.secret, `saved-search-unsubscribe:${searchId}`)}`;
  }

  /** The search id a token names, or null when it is malformed or not signed by us. */
  searchIdOf(token: unknown): number | null {
    if (typeof token !== 'string' || token.length > 100) return null;
    const match = /^([1-9][0-9]{0,14})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const id = Number(match[1]);
    return sameSecret(token, this.token(id)) ? id : null;
  }

  unsubscribeUrl(searchId: number): string {
    return `${this.publicUrl}/c3api/savedsearch/unsubscribe?token=${encodeURIComponent(this.token(searchId))}`;
  }

  /** An absolute link on the shop (PUBLIC_URL) for a path. */
  absolute(path: string): string {
    return `${this.publicUrl}${path}`;
  }
}
