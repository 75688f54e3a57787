import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms`, so typing does not send a call per key. */
export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A search box over server pages: `text` follows the input at once; `ms` after typing stops,
 * `search` becomes the trimmed text and the page goes back to 1 in the same render, so no
 * call goes out for the new search on the old page.
 * @deprecated Use `useListState` and `useListView` (kept for remote releases built against platform 0.5).
 */
export function useSearchPages(ms = 300) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
    }, ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return { text, setText, search, page, setPage };
}

/**
 * A search submitted with a button over server pages: `submit(text)` searches the trimmed text from page 1.
 * @deprecated Use `useListState` and `useListView` (kept for remote releases built against platform 0.5).
 */
export function useSubmittedSearch() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const submit = (text: string) => {
    setSearch(text.trim());
    setPage(1);
  };
  return { search, submit, page, setPage };
}
