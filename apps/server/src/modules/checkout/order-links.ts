import type { Ctx } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
import { normalizePublicReference, ReferencePrefix } from '../../lib/public-reference.js';
import { sameSecret, sign } from '../../lib/tokens.js';
import type { OrderRow, OrdersService } from '../orders/orders.service.js';

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

/**
 * The order a viewer may see: their own (the session's customer), or anyone's with its signed key.
 * Everything else (no such reference, another region's order, someone else's, a wrong key, a
 * malformed reference) is the same NotFoundError, so a 404 says nothing about which it was.
 * `keyed` tells whether the key was right (pages then pass it on in their links).
 */
export async function orderForViewer(
  ctx: Ctx,
  deps: { orders: Pick<OrdersService, 'byReference'>; links: OrderLinks },
  reference: string,
  key: string | undefined,
  notFoundMessage = 'No such order',
): Promise<{ order: OrderRow; keyed: boolean }> {
  const canonical = normalizePublicReference(ReferencePrefix.order, reference);
  const order = canonical ? await deps.orders.byReference(ctx, canonical) : undefined;
  if (!canonical || !order || order.region !== ctx.region) throw new NotFoundError(notFoundMessage);
  const owner = ctx.viewer.kind === 'customer' && order.user_id === ctx.viewer.userId;
  const keyed = deps.links.isKeyFor(canonical, key);
  if (!owner && !keyed) throw new NotFoundError(notFoundMessage);
  return { order, keyed };
}
