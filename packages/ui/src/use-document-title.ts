import { useEffect } from 'react';

/** Sets the tab's title to `title` and the site's name after it: 'Your order · Caterway Group Orders'. */
export function useDocumentTitle(title: string, site: string): void {
  useEffect(() => {
    document.title = `${title} · ${site}`;
  }, [title, site]);
}
