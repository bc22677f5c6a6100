import { FooterNoticeValueSchema, HelpPageQuerySchema, HelpPageValueSchema } from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import type { ContentService } from './content.service.js';

export function contentRoutes(content: ContentService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/footer/warningaboutborrowing',
      summary: "The footer's warning about borrowing, in the region's own regulatory wording (sanitised HTML)",
      tag: 'content',
      value: FooterNoticeValueSchema,
      handler: (ctx) => content.notice(ctx, 'warningaboutborrowing'),
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/content/helppage',
      summary:
        "One of the region's help pages by its slug (title, description, sanitised HTML body); 404 when there is none",
      tag: 'content',
      query: HelpPageQuerySchema,
      value: HelpPageValueSchema,
      handler: (ctx, { query }) => content.helpPage(ctx, query.slug),
    }),
  ];
}
