import { useEffect } from 'react';

/** Browser tab title, e.g. "Dashboard | Manager". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Manager`;
  }, [title]);
}
