import { useEffect, useRef, useState } from 'react';

/**
 * A typed field over a value kept in the address: the field follows the keys at once, the
 * address `ms` after typing stops (or at `flush`, on Enter). When the address changes from
 * elsewhere (Back, a cleared filter), the field shows it and a pending commit is dropped.
 */
export function useDraft(value: string, commit: (text: string) => void, ms = 400) {
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(commit);
  latest.current = commit;

  useEffect(() => {
    clearTimeout(timer.current);
    setDraft(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const flush = (text: string) => {
    clearTimeout(timer.current);
    if (text !== value) latest.current(text);
  };
  return {
    draft,
    change: (text: string) => {
      setDraft(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(text), ms);
    },
    flush: () => flush(draft),
  };
}
