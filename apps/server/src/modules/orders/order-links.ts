import type { Ctx } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
import { normalizePublicReference, ReferencePrefix } from '../../lib/public-reference.js';
import { sameSecret, sign } from '../../lib/tokens.js';
import type { Order, OrdersService } from './orders.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a signed order link opens its order. The order e-mail and the status e-mails carry it,
 * and a guest has no other way back to their order, so it outlives collection, delivery and a
 * return window with room to spare; a link found in an old mailbox or a forwarded e-mail stops
 * working after that. (A candidate for a setting: ORDER_LINK_LIFETIME_DAYS.)
 */
export const ORDER_LINK_LIFETIME_DAYS = 90;

/** What a link is signed over: the order's reference, and its link version (revoking raises it). */
export type LinkedOrder = Pick<Order, 'reference' | 'link_version' | 'created_at'>;

/** A key: `<expiry day, base 36>.<HMAC>`, the day counted from the epoch (UTC). */
const KEY_PATTERN = /^([0-9a-z]{1,6})\.([A-Za-z0-9_-]{43})$/;
/** The keys signed before links expired: the bare HMAC of the reference (see isKeyFor). */
const LEGACY_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Signed links to an order, for the confirmation page and the order e-mails: the key is an HMAC
 * under the server's secret of the reference, the order's link version and the day the link
 * expires, so only we can make one, it stops working after ORDER_LINK_LIFETIME_DAYS, and raising
 * the order's link version (OrdersService.revokeLinks) kills every link sent so far. A guest who has
 * the e-mail can reopen their order without an account. References are themselves unguessable.
 *
 * The expiry is a whole day (the end of the UTC day the lifetime ends in), so the links made for one
 * order on one day are the same link: the process call's and the e-mail's match.
 */
export class OrderLinks {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
    private readonly now: () => number = Date.now,
  ) {}

  key(order: LinkedOrder): string {
    const expiryDay = Math.ceil((this.now() + ORDER_LINK_LIFETIME_DAYS * DAY_MS) / DAY_MS);
    return this.keyUntil(order, expiryDay.toString(36));
  }

  private keyUntil(order: LinkedOrder, expiryDay: string): string {
    return `${expiryDay}.${sign(this.secret, `order-link:${order.reference}:${order.link_version}:${expiryDay}`)}`;
  }

  /**
   * True for a key signed for this order at its current link version and not yet expired. A key
   * from before links expired (a bare HMAC of the reference, in e-mails already sent) is honoured
   * as if it had been signed when the order was placed: for ORDER_LINK_LIFETIME_DAYS after that,
   * and only until the order's links are first revoked.
   */
  isKeyFor(order: LinkedOrder, key: string | undefined): boolean {
    if (typeof key !== 'string') return false;
    const now = this.now();
    const match = KEY_PATTERN.exec(key);
    if (match?.[1]) {
      const expiryDay = match[1];
      if (Number.parseInt(expiryDay, 36) * DAY_MS <= now) return false;
      return sameSecret(key, this.keyUntil(order, expiryDay));
    }
    if (!LEGACY_KEY_PATTERN.test(key) || order.link_version !== 0) return false;
    if (Number(order.created_at) + ORDER_LINK_LIFETIME_DAYS * DAY_MS <= now) return false;
    return sameSecret(key, sign(this.secret, `order-link:${order.reference}`));
  }

  /** The confirmation page's path for this order (what the process call answers). */
  confirmationPath(order: LinkedOrder): string {
    return `/checkout/confirmation/${order.reference}?key=${this.key(order)}`;
  }

  /** The same page as an absolute link, for e-mails. */
  confirmationUrl(order: LinkedOrder): string {
    return `${this.publicUrl}${this.confirmationPath(order)}`;
  }
}

/**
 * The order a viewer may see: their own (the session's customer), or anyone's with its signed key.
 * Everything else (no such reference, another region's order, someone else's, a wrong, expired or
 * revoked key, a malformed reference) is the same NotFoundError, so a 404 says nothing about which
 * it was. `keyed` tells whether the key was right (pages then pass it on in their links).
 */
export async function orderForViewer(
  ctx: Ctx,
  deps: { orders: Pick<OrdersService, 'byReference'>; links: OrderLinks },
  reference: string,
  key: string | undefined,
  notFoundMessage = 'No such order',
): Promise<{ order: Order; keyed: boolean }> {
  const canonical = normalizePublicReference(ReferencePrefix.order, reference);
  const order = canonical ? await deps.orders.byReference(ctx, canonical) : undefined;
  if (!canonical || !order || order.region !== ctx.region) throw new NotFoundError(notFoundMessage);
  const owner = ctx.viewer.kind === 'customer' && order.user_id === ctx.viewer.userId;
  const keyed = deps.links.isKeyFor(order, key);
  if (!owner && !keyed) throw new NotFoundError(notFoundMessage);
  return { order, keyed };
}
