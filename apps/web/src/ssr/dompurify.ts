import { RICH_TEXT_RULES } from '@shop/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * DOMPurify needs a DOM, which the server has not: the server-rendering bundle swaps it for this
 * (vite.config.ts, SSR builds only). The API already sanitises rich text on the way out
 * (apps/server/src/lib/rich-text.ts); this applies the same short list of tags again, as DOMPurify
 * does in the browser, so server HTML never carries more than the browser would.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  ...RICH_TEXT_RULES,
  allowedTags: [...RICH_TEXT_RULES.allowedTags],
  allowedAttributes: { a: [...RICH_TEXT_RULES.allowedAttributes.a] },
  allowedSchemes: [...RICH_TEXT_RULES.allowedSchemes],
};

export default {
  sanitize(html: string): string {
    return sanitizeHtml(html, OPTIONS);
  },
};
