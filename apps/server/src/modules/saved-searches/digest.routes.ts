import { z } from 'zod';
import { escapeHtml } from '../../lib/rich-text.js';
import { type ApiRoute, defineRawRoute, type RawReply } from '../../lib/route.js';
import type { DigestService } from './digest.service.js';

const UnsubscribeQuerySchema = z.object({
  token: z.string().max(200, 'token: Too long').optional(),
});

const URL = '/c3api/savedsearch/unsubscribe';

/** A small page of our own (no web app needed): the unsubscribe confirmation and its outcome. */
function page(status: number, title: string, body: string): RawReply {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:Arial,Helvetica,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222;line-height:1.5}
button{font:inherit;padding:.6rem 1.2rem;background:#0b6e4f;color:#fff;border:0;border-radius:4px;cursor:pointer}
a{color:#1d4e89}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">Continue shopping</a></p></body></html>`;
  return {
    kind: 'body',
    status,
    contentType: 'text/html; charset=utf-8',
    body: html,
    headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  };
}

const NOT_FOUND = () =>
  page(404, 'Link not valid', '<p>This unsubscribe link is not valid, or its saved search no longer exists.</p>');

/**
 * The one-click unsubscribe of saved-search alerts (RFC 8058). POST is the action: mail clients
 * post `List-Unsubscribe=One-Click` from another site with no cookies, so it carries no
 * anti-forgery header and proves itself with the signed token. GET only shows a page whose button
 * posts: link checkers that open every link in a mail must not unsubscribe anybody.
 */
export function digestRoutes(digests: DigestService): ApiRoute[] {
  return [
    defineRawRoute({
      method: 'GET',
      url: URL,
      summary: "Saved-search alerts' unsubscribe page (signed token): a button that stops the alerts",
      tag: 'account',
      query: UnsubscribeQuerySchema,
      produces: ['text/html'],
      cookieless: true,
      handler: async (ctx, { query }) => {
        const search = await digests.searchForToken(ctx, query.token);
        if (!search) return NOT_FOUND();
        if (search.frequency === 0)
          return page(
            200,
            'You are unsubscribed',
            `<p>You no longer receive alerts for your saved search ‘${escapeHtml(search.name)}’.</p>`,
          );
        return page(
          200,
          'Unsubscribe from alerts',
          `<p>Stop e-mail alerts for your saved search ‘${escapeHtml(search.name)}’? The search stays saved; you can turn alerts on again from your saved searches.</p>
<form method="post" action="${URL}?token=${escapeHtml(encodeURIComponent(query.token ?? ''))}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
        );
      },
    }),
    defineRawRoute({
      method: 'POST',
      url: URL,
      summary:
        "Saved-search alerts' one-click unsubscribe (RFC 8058, from mail clients: no anti-forgery header; signed token): frequency becomes Never",
      tag: 'account',
      query: UnsubscribeQuerySchema,
      rawBody: true,
      crossSite: true,
      cookieless: true,
      produces: ['text/html'],
      handler: async (ctx, { query }) => {
        const done = await digests.unsubscribe(ctx, query.token);
        if (!done) return NOT_FOUND();
        return page(
          200,
          'You are unsubscribed',
          `<p>You will no longer receive alerts for your saved search ‘${escapeHtml(done.name)}’.</p>`,
        );
      },
    }),
  ];
}
