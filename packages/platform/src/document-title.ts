import { useEffect } from 'react';

/**
 * The browser tab's title, "<title> | Manager". The shell titles each route with its name;
 * a page that knows a more precise one (a player's name) calls this: the shell sets the
 * route's title before any page effect runs (a layout effect), so the page's wins.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Manager`;
  }, [title]);
}
