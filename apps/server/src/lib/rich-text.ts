import { RICH_TEXT_RULES } from '@shop/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * Rich text that the web app renders as HTML (banner descriptions, footer notices) passes through
 * here on the way out: a short list of formatting tags, links with safe schemes only, no
 * attributes but href. Stored content is never trusted to be safe on its own.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  ...RICH_TEXT_RULES,
  allowedTags: [...RICH_TEXT_RULES.allowedTags],
  allowedAttributes: { a: [...RICH_TEXT_RULES.allowedAttributes.a] },
  allowedSchemes: [...RICH_TEXT_RULES.allowedSchemes],
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * E-mail HTML we write ourselves (escaped templates) still passes a sanitiser before it is stored:
 * the layout tags mail clients need (tables, pictures with their alt text and size, inline style),
 * links and pictures with http(s) addresses only, nothing that runs.
 */
const MAIL_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'strong',
    'em',
    'a',
    'br',
    'ul',
    'li',
    'div',
    'span',
    'h1',
    'h2',
    'h3',
    's',
    'del',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'td',
    'th',
    'img',
  ],
  allowedAttributes: {
    '*': ['style'],
    a: ['href', 'style'],
    img: ['src', 'alt', 'width', 'height', 'style'],
    table: ['width', 'cellpadding', 'cellspacing', 'border', 'role', 'align', 'style'],
    td: ['width', 'align', 'valign', 'style'],
    th: ['width', 'align', 'valign', 'style'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, MAIL_OPTIONS);
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
