import sanitizeHtml from 'sanitize-html';

/**
 * Rich text that the web app renders as HTML (banner descriptions, footer notices) passes through
 * here on the way out: a short list of formatting tags, links with safe schemes only, no
 * attributes but href. Stored content is never trusted to be safe on its own.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'strong', 'em', 'a', 'br', 'ul', 'li'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** A link target a page may follow: a path on this site or an http(s) address. Anything else is dropped. */
export function safeLinkUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  if (/^\/(?![/\\])/.test(trimmed)) return trimmed;
  if (/^https?:\/\/[^\s]+$/i.test(trimmed)) return trimmed;
  return null;
}

/** Escapes text for an HTML body (e-mails we write ourselves). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
