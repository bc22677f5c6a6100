import { useEffect, useState } from 'react';
import { apiGet } from '../../../lib/api-client';

let pending: Promise<string> | null = null;

/** The footer notice is the same on every page, so one request serves the whole visit. */
export function fetchFooterNotice(): Promise<string> {
  pending ??= apiGet<{ Html: string }>('/c3api/footer/warningaboutborrowing')
    .then((value) => value.Html)
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

/** The notice's HTML as the server sent it (not yet sanitised), or null until it arrives or if it fails. */
export function useFooterNotice(): string | null {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchFooterNotice()
      .then((value) => {
        if (live) setHtml(value);
      })
      .catch(() => {
        // The footer simply goes without its notice.
      });
    return () => {
      live = false;
    };
  }, []);
  return html;
}
