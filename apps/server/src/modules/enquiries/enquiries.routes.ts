import { EnquiryBodySchema, EnquiryValueSchema } from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import type { EnquiriesService } from './enquiries.service.js';

export function enquiryRoutes(enquiries: EnquiriesService): ApiRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/c3api/product/enquiry',
      summary: "A shopper's question about an item: checks the captcha, stores it and e-mails the store",
      // Each call costs a database row (and, for enquiries, an e-mail to a store): bound it per visitor.
      rateLimit: { max: 20, windowMs: 60_000 },
      tag: 'product',
      body: EnquiryBodySchema,
      value: EnquiryValueSchema,
      handler: (ctx, { body }) => enquiries.submit(ctx, body),
    }),
  ];
}
