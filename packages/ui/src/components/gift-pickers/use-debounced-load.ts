import { useEffect, useRef, useState } from 'react';

/**
 * Loads `load(key)` `delayMs` after `key` stops changing. A failed load gives an empty list
 * (spec: gift lists fail silently); answers to an older key are dropped.
 */
export function useDebouncedLoad<T>(load: (key: string) => Promise<T[]>, key: string, delayMs: number) {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  // callers often pass an inline function; only a new key should start a new load
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let current = true;
    setLoading(true);
    const timer = setTimeout(() => {
      loadRef
        .current(key)
        .then((result) => current && setItems(Array.isArray(result) ? result : []))
        .catch(() => current && setItems([]))
        .finally(() => {
          if (!current) return;
          setLoading(false);
          setLoadedKey(key);
        });
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, delayMs]);

  return { items, loading, loadedKey };
}
