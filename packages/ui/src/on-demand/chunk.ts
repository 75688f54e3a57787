import { use } from 'react';

/**
 * One on-demand chunk of `ui`'s build: a module reached only through a dynamic `import()`, so
 * the first page never downloads it. `load()` fetches it once (a failed load is retried by the
 * next call); `read()` gives it during render, suspending (React `use`) until it is there.
 */
export interface OnDemandChunk<M> {
  load(): Promise<M>;
  /** The module once loaded, else undefined (never suspends). */
  loaded(): M | undefined;
  /** During render only: the module, suspending until it is loaded. */
  read(): M;
}

export function onDemandChunk<M>(importer: () => Promise<M>): OnDemandChunk<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  const load = (): Promise<M> => {
    if (!pending) {
      const loading: Promise<M> = importer().then(
        (m) => {
          module = m;
          // React's `use` reads a settled promise's status and value: a component that renders
          // after the load (prefetched when idle) gets the module without suspending once.
          Object.assign(loading, { status: 'fulfilled', value: m });
          return m;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      pending = loading;
    }
    return pending;
  };
  return {
    load,
    loaded: () => module,
    // Always through `use`, even once loaded: a component that suspended on the promise must
    // call `use` again when React retries it (React checks).
    read: () => use(load()),
  };
}
