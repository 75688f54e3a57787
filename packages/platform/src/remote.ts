import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * One page a remote contributes; `path` is absolute (`/users/list`). `preload` fetches the
 * page's code without rendering it: the shell calls it when the browser is idle, so a first
 * visit does not wait for the download.
 */
export type RemoteRoute = {
  path: string;
  title: string;
  Component: ComponentType;
  preload?: () => Promise<unknown>;
};

/** What each remote's `./routes` module looks like to the shell. */
export type RemoteModule = { default: RemoteRoute[] };

/**
 * A lazily loaded page and its preload from one loader:
 * `{ path, title, ...lazyPage(() => import('./features/x/components/x-page')) }`.
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
): Pick<RemoteRoute, 'Component' | 'preload'> {
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
