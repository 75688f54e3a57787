import type { RemoteRoute } from '@manager/platform';
import { MemoryRouter } from '@manager/platform';
import { Activity, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';

/**
 * Issue 9 (a first remote visit <= 1.2x a warm switch): prefetching a remote downloads and runs
 * its modules, but a page's first render still runs cold code. A trace of a first visit at CPU
 * 4x spent about 700 ms more on the main thread than a warm switch to the same page: V8
 * compiling functions on their first call (225 ms), unoptimised code, and antd generating each
 * component's styles the first time it renders.
 *
 * So each remote's first page, once prefetched (`warmPage`), is rendered once in a hidden
 * `<Activity>` (`WarmPages`, next to the app's router: react-router allows no router inside
 * another): React renders it at the lowest priority, in slices, without mounting its effects
 * (no data request, no timer, no toast) and without showing it, under a memory router at the
 * page's path, into an element that is not in the document (no layout, and nothing a screen
 * reader, axe or a test could find twice). One page at a time; each is dropped once drawn.
 */
let queue: readonly RemoteRoute[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Queues a page to be drawn once, hidden. */
export function warmPage(route: RemoteRoute): void {
  queue = [...queue, route];
  emit();
}

export function WarmPages() {
  const pending = useSyncExternalStore(subscribe, () => queue);
  const drawn = useRef<RemoteRoute | null>(null);
  const [detached] = useState(() => document.createElement('div'));
  const page = pending[0];
  if (!page) return null;
  const next = () => {
    if (drawn.current === page) return;
    drawn.current = page;
    queue = queue.slice(1);
    emit();
  };
  return createPortal(
    // Keyed: a memory router reads its entries once, and each page starts from scratch.
    <Activity key={page.path} mode="hidden">
      <MemoryRouter initialEntries={[page.path]}>
        <page.Component />
      </MemoryRouter>
      <Drawn onDrawn={next} />
    </Activity>,
    detached,
  );
}

/**
 * Rendered after the page (React renders a tree depth first), so its render means the page's
 * was done. Effects do not run in a hidden Activity: it reports from a timer (`onDrawn` acts
 * once per page).
 */
function Drawn({ onDrawn }: { onDrawn: () => void }) {
  setTimeout(onDrawn, 0);
  return null;
}
