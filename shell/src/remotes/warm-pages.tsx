import type { RemoteRoute } from '@manager/platform';
import { MemoryRouter } from '@manager/platform';
import { Activity, memo, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { RemoteErrorBoundary } from './remote-error-boundary';

/**
 * Issue 9 (a first remote visit <= 1.2x a warm switch): prefetching a remote downloads and runs
 * its modules, but a page's first render still runs cold code. A trace of a first visit at CPU
 * 4x spent about 700 ms more on the main thread than a warm switch to the same page: V8
 * compiling functions on their first call (225 ms), unoptimised code, and antd generating each
 * component's styles the first time it renders.
 *
 * So each remote's first page, once prefetched (`warmPage`), is rendered in a hidden
 * `<Activity>` (`WarmPages`, next to the app's router: react-router allows no router inside
 * another): React renders it at the lowest priority, in slices, without mounting its effects
 * (no data request, no timer, no toast) and without showing it, under a memory router at the
 * page's path, into an element that is not in the document (no layout, and nothing a screen
 * reader, axe or a test could find twice). The pages stay mounted, hidden, while the admin is
 * signed in: antd's style cache keeps an entry only while a component using it is mounted.
 * A page that throws stays unshown: React 19.3 does not surface an error thrown while it
 * prerenders a hidden tree (warm-pages.test.tsx), and a boundary per page would drop it if a
 * later React did. One that suspends waits, hidden, without holding the others.
 */
let pages: readonly RemoteRoute[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Draws a page once, hidden, and keeps it (a page already kept is not drawn again). */
export function warmPage(route: RemoteRoute): void {
  if (pages.some((page) => page.path === route.path)) return;
  pages = [...pages, route];
  emit();
}

/** Drops every kept page (the layout calls it when it unmounts: sign-out). */
export function forgetWarmPages(): void {
  if (pages.length === 0) return;
  pages = [];
  emit();
}

export function WarmPages() {
  const kept = useSyncExternalStore(subscribe, () => pages);
  const [detached] = useState(() => document.createElement('div'));
  if (kept.length === 0) return null;
  return createPortal(
    kept.map((page) => <KeptPage key={page.path} page={page} />),
    detached,
  );
}

/** Memo: adding a page does not draw the kept ones again. */
const KeptPage = memo(function KeptPage({ page }: { page: RemoteRoute }) {
  return (
    // Outside the Activity (a boundary inside a hidden tree would not commit).
    <RemoteErrorBoundary fallback={() => null}>
      <Activity mode="hidden">
        <MemoryRouter initialEntries={[page.path]}>
          <page.Component />
        </MemoryRouter>
      </Activity>
    </RemoteErrorBoundary>
  );
});
