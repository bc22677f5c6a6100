import { sameSecret, sign } from '../../lib/tokens.js';

/**
 * Signed links to an order, for the confirmation page and the order e-mail: the key is an HMAC of
 * the reference under the server's secret, so only we can make one, and a guest who has the
 * e-mail can reopen their order without an account. References are themselves unguessable.
 */
export class OrderLinks {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  key(reference: string): string {
    return sign(this.secret, `order-link:${reference}`);
  }

  isKeyFor(reference: string, key: string | undefined): boolean {
    return typeof key === 'string' && sameSecret(key, this.key(reference));
  }

  /** The confirmation page's path for this order (what the process call answers). */
  confirmationPath(reference: string): string {
    return `/checkout/confirmation/${reference}?key=${this.key(reference)}`;
  }

  /** The same page as an absolute link, for e-mails. */
  confirmationUrl(reference: string): string {
    return `${this.publicUrl}${this.confirmationPath(reference)}`;
  }
}
