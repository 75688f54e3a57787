import { useSyncExternalStore } from 'react';

/**
 * A value outside React that components read with `useExternalStore` and re-render on change.
 * `set` replaces the value (never mutate it: React compares snapshots by identity).
 */
export interface ExternalStore<T> {
  get(): T;
  set(update: (current: T) => T): void;
  subscribe(listener: () => void): () => void;
}

export function createExternalStore<T>(initial: T): ExternalStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(update) {
      value = update(value);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store's value, or the part `select` picks (it must return the same object for the same value). */
export function useExternalStore<T>(store: ExternalStore<T>): T;
export function useExternalStore<T, S>(store: ExternalStore<T>, select: (value: T) => S): S;
export function useExternalStore<T, S>(store: ExternalStore<T>, select?: (value: T) => S): T | S {
  return useSyncExternalStore(store.subscribe, () => (select ? select(store.get()) : store.get()));
}
