/**
 * The rich text the shop shows (banner descriptions, the footer's notice, content pages): a short
 * list of formatting tags, links with safe schemes only, no attribute but href. The API sanitises
 * to this on the way out and the server-rendered page applies it again: one list for both, in the
 * shape sanitize-html takes.
 */
export const RICH_TEXT_RULES = {
  allowedTags: ['p', 'strong', 'em', 'a', 'br', 'ul', 'li'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
} as const satisfies {
  allowedTags: readonly string[];
  allowedAttributes: Record<string, readonly string[]>;
  allowedSchemes: readonly string[];
  allowProtocolRelative: boolean;
  disallowedTagsMode: 'discard';
};
