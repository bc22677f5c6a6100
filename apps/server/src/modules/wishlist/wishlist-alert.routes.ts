import {
  WishlistAlertAcknowledgeBodySchema,
  WishlistAlertAcknowledgeValueSchema,
  WishlistAlertToggleBodySchema,
  WishlistAlertToggleValueSchema,
  WishlistAlertUnsubscribeQuerySchema,
} from '@shop/contract';
import { escapeHtml } from '../../lib/rich-text.js';
import { type ApiRoute, defineRawRoute, defineRoute, type RawReply, refuse } from '../../lib/route.js';
import type { WishlistAlertService } from './wishlist-alert.service.js';

/** A small page of our own for the unsubscribe link (opened from an e-mail, outside the web app). */
function page(title: string, body: string): RawReply {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family: sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem"><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
  return {
    kind: 'body',
    contentType: 'text/html; charset=utf-8',
    body: html,
    headers: { 'Cache-Control': 'no-store' },
  };
}

export function wishlistAlertRoutes(alerts: WishlistAlertService): ApiRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/c3api/wishlistalert/toggle',
      summary:
        "Signed in: turns alerts for the customer's own wishlist on (the address verified, possibly with a code: WasSuccessful false with Value.EmailVerificationError otherwise; ShowWelcome the first time) or off (at once); others' wishlists 404",
      tag: 'wishlist',
      auth: 'required',
      body: WishlistAlertToggleBodySchema,
      value: WishlistAlertToggleValueSchema,
      handler: async (ctx, { body }) => {
        const outcome = await alerts.toggle(ctx, body);
        return outcome.refusal === null ? outcome.value : refuse(outcome.refusal, outcome.value);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/wishlistalert/acknowledgefeature',
      summary:
        "Made once after the wishlist page is initialised: records that the wishlist saw the alerts feature and answers its id, whether alerts are on (and to which address) and whether this was the first time; a customer's wishlist is made if missing (idempotent)",
      tag: 'wishlist',
      body: WishlistAlertAcknowledgeBodySchema,
      value: WishlistAlertAcknowledgeValueSchema,
      wishlistToken: ({ body }) => body?.Token,
      handler: async (ctx, { body }) => alerts.acknowledge(ctx, body?.Token),
    }),
    defineRawRoute({
      method: 'GET',
      url: '/c3api/wishlistalert/unsubscribe',
      summary:
        'The unsubscribe link of a wishlist alert e-mail: a page whose button turns the alerts off (opening it changes nothing, so mail scanners that follow links unsubscribe nobody)',
      tag: 'wishlist',
      auth: 'none',
      cookieless: true,
      query: WishlistAlertUnsubscribeQuerySchema,
      produces: ['text/html'],
      handler: async (_ctx, { query }) => {
        if (alerts.verifyUnsubscribeToken(query.token) === null)
          return page(
            'Link not valid',
            '<p>This unsubscribe link is not valid. Please use the link in your latest wishlist alert.</p>',
          );
        const action = `/c3api/wishlistalert/unsubscribe?token=${encodeURIComponent(query.token)}`;
        return page(
          'Wishlist alerts',
          `<p>Stop e-mails about price drops and sold items on your wishlist?</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
        );
      },
    }),
    defineRawRoute({
      method: 'POST',
      url: '/c3api/wishlistalert/unsubscribe',
      summary:
        'One-click unsubscribe (RFC 8058 List-Unsubscribe-Post, or the button of the link page): the signed token turns the wishlist alerts off; again: no change',
      tag: 'wishlist',
      auth: 'none',
      // Mail clients post from outside the site, without cookies; the signed token is the proof.
      crossSite: true,
      cookieless: true,
      rawBody: true,
      query: WishlistAlertUnsubscribeQuerySchema,
      produces: ['text/html'],
      handler: async (ctx, { query }) => {
        await alerts.unsubscribe(ctx, query.token);
        return page(
          'Unsubscribed',
          '<p>You will no longer receive wishlist alerts. You can turn them on again on your <a href="/wishlist">wishlist</a>.</p>',
        );
      },
    }),
  ];
}
