import type { ComponentType } from 'react';

/** One page a remote contributes; `path` is absolute (`/users/list`). */
export type RemoteRoute = { path: string; title: string; Component: ComponentType };

/** What each remote's `./routes` module looks like to the shell. */
export type RemoteModule = { default: RemoteRoute[] };
