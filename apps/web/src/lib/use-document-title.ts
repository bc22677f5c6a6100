import { useEffect } from 'react';

/** "<title> | Secondhand", as every page names itself. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | Secondhand`;
  }, [title]);
}
