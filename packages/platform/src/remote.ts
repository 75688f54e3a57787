import { QueryClient } from '@tanstack/react-query';
import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * One page a remote contributes; `path` is absolute (`/users/list`). `preload` fetches the
 * page's code without rendering it: the shell calls it when the browser is idle, so the first
 * visit to a page costs about what a warm switch does (issue 9).
 *
 * `prefetch` fills a query cache with what the page shows at its path with no search
 * parameters (the same query keys and functions its hooks use). The shell calls it with a
 * private cache, never the console's, before it draws a remote's first page hidden
 * (shell/src/remotes/warm-pages.tsx): the hidden render then draws the rows, not an empty
 * table, so the code and styles only data reaches are warm too.
 */
export type RemoteRoute = {
  path: string;
  title: string;
  Component: ComponentType;
  preload?: () => Promise<unknown>;
  prefetch?: (client: QueryClient) => Promise<unknown>;
};

/**
 * The cache a route's `prefetch` fills for a hidden render (the shell's warm pages, and
 * `renderAfterPrefetch` in tests): never the console's; no retries, nothing goes stale or is
 * collected, so nothing there is ever fetched again.
 */
export function prefetchCache(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } } });
}

/** What each remote's `./routes` module looks like to the shell. */
export type RemoteModule = { default: RemoteRoute[] };

/**
 * A lazily loaded page and its preload from one loader:
 * `{ path, title, ...lazyPage(() => import('./features/x/components/x-page')) }`.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): Pick<RemoteRoute, 'Component' | 'preload'> {
  let pending: Promise<{ default: ComponentType }> | null = null;
  let loaded: ComponentType | null = null;
  const once = () => {
    // A failed fetch may be retried by the next call (React.lazy keeps its own failure).
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(once);
  /**
   * Once preloaded, the page mounts directly: React.lazy would still suspend once (a fallback
   * frame) even with its code in memory. Chosen once per mount, so a page that mounted lazily
   * is never swapped (and remounted) when its code arrives.
   */
  function LazyPage(props: object) {
    const [Direct] = useState(() => loaded);
    return Direct ? createElement(Direct, props) : createElement(Lazy, props);
  }
  return { Component: LazyPage, preload: once };
}
