import { useEffect, useMemo, useState } from 'react';
import { isHydrating } from './hydrate-later';

/**
 * Rich text from the API (banner descriptions, the footer's notice) sanitised in the browser with
 * DOMPurify, loaded when first needed rather than with every page (the blocking time budget: its
 * start-up and first sanitising were about 40 ms of a phone's main thread on the home page).
 *
 * The API sanitises rich text on the way out, and the server sanitises it again when it renders a
 * page (entry-server.tsx provides its sanitiser). Hydrating that page, the browser keeps the
 * server's markup for the text it was drawn from, so a first visit never loads DOMPurify; text the
 * browser draws itself (a page reached by a link, new text) waits for DOMPurify to arrive.
 */
type Sanitize = (html: string) => string;

let sanitize: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;

/** The sanitiser to use at once (the server's, which has no DOM for DOMPurify). */
export function provideSanitizer(given: Sanitize): void {
  sanitize = given;
}

/** DOMPurify, loaded once. */
function loadSanitizer(): Promise<Sanitize> {
  if (sanitize) return Promise.resolve(sanitize);
  loading ??= import('dompurify').then(({ default: purify }) => {
    sanitize ??= (html: string) => purify.sanitize(html);
    return sanitize;
  });
  return loading;
}

/**
 * Hydration leaves an element's inner HTML as the server wrote it when it is given any: an empty
 * one keeps the server's (sanitised) markup without sanitising it again.
 */
const SERVER_MARKUP = { __html: '' };

/**
 * `html` sanitised, for `dangerouslySetInnerHTML`. Empty until DOMPurify has loaded, except for
 * the text a hydrated component was drawn from, which stays the server's markup.
 */
export function useSanitizedHtml(html: string): { __html: string } {
  const [serverText] = useState(() => (sanitize === null && isHydrating() ? html : null));
  const [ready, setReady] = useState(sanitize !== null);
  const waiting = html !== serverText && !ready;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    void loadSanitizer().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [waiting]);
  return useMemo(
    () => (html === serverText ? SERVER_MARKUP : { __html: ready && sanitize ? sanitize(html) : '' }),
    [html, serverText, ready],
  );
}
