import { useLayoutEffect } from 'react';

/**
 * Browser tab title of a route, e.g. "Dashboard | Manager". A layout effect: it runs before the
 * page's own effects, so a page that names itself more precisely (`useDocumentTitle` of
 * @manager/platform, e.g. a player's name) has the last word.
 */
export function useDocumentTitle(title: string) {
  useLayoutEffect(() => {
    document.title = `${title} | Manager`;
  }, [title]);
}
