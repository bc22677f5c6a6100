import { FooterNoticeValueSchema } from '@shop/contract';
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
  ];
}
