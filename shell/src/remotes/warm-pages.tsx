import type { RemoteRoute } from '@manager/platform';
import { MemoryRouter, prefetchCache } from '@manager/platform';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Activity, memo, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { warmLayoutWhenDrawn } from './warm-layout';

/**
 * Issue 9 (a first remote visit <= 1.2x a warm switch): prefetching a remote downloads and runs
 * its modules, but a page's first render still runs cold code. A trace of a first visit at CPU
 * 4x spent about 700 ms more on the main thread than a warm switch to the same page: V8
 * compiling functions on their first call (225 ms), unoptimised code, and antd generating each
 * component's styles the first time it renders (no longer: the console's antd styles are one
 * sheet made at build time, README "antd's styles").
 *
 * So each remote's first page, once prefetched (`warmPage`), is rendered in a hidden
 * `<Activity>` (`WarmPages`, next to the app's router: react-router allows no router inside
 * another): React renders it at the lowest priority, in slices, without mounting its effects
 * (no request of its own, no timer, no toast) and without showing it, under a memory router
 * at the page's path, into an element of a document of its own (no layout, no image fetched,
 * and nothing a screen reader, axe or a test could find twice). The pages stay mounted,
 * hidden, while the admin is signed in. A page that throws stays unshown: React 19.3 does not surface an error thrown while it
 * prerenders a hidden tree (warm-pages.test.tsx), and a boundary per page would drop it if a
 * later React did. One that suspends waits, hidden, without holding the others.
 *
 * Without data a list page draws an empty table, and the rows' code and styles stayed cold
 * (the first visit to the users list still cost 1.4x a warm switch). So a page with a
 * `prefetch` (RemoteRoute) is drawn once its data is in: fetched into a cache of the hidden
 * pages' own, never the console's (the console's decides, as always, what a visit shows and
 * refetches; nothing here is ever shown). That cache is dropped with the pages at sign-out.
 *
 * A document of its own has no layout, so the browser's font and text-shaping caches stayed
 * cold (the first visit's Layout took twice the warm switch's): once a page is drawn, a copy
 * of it is laid out once in the console's document, out of sight, in slices at idle
 * (warm-layout.ts). What this cannot warm: the visible commit's effects and V8's tiering past
 * a second run (README "Benchmarks", "First visit vs warm switch", with what was tried).
 */
interface Warm {
  pages: readonly RemoteRoute[];
  /** The hidden pages' query cache; null until the first page is warmed. */
  client: QueryClient | null;
}
let warm: Warm = { pages: [], client: null };
/** Paths asked for since the last sign-out (a page may still be fetching its data). */
let asked = new Set<string>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Draws a page once, hidden, and keeps it (a page already kept is not drawn again); a page
 * with a `prefetch` once its data is in (or failed to come: then as it is without).
 */
export function warmPage(route: RemoteRoute): void {
  if (asked.has(route.path)) return;
  asked.add(route.path);
  const session = asked;
  const client = warm.client ?? prefetchCache();
  // A new snapshot, never one changed in place (useSyncExternalStore compares them).
  if (!warm.client) warm = { ...warm, client };
  const keep = () => {
    // Signed out meanwhile: that session's pages are gone.
    if (session !== asked) return;
    warm = { ...warm, pages: [...warm.pages, route] };
    emit();
  };
  // A prefetch that throws instead of rejecting is a failed one too: the page is drawn as is.
  Promise.resolve()
    .then(() => route.prefetch?.(client))
    .then(keep, keep);
}

/** Drops every kept page and their data (the layout calls it when it unmounts: sign-out). */
export function forgetWarmPages(): void {
  asked = new Set();
  if (warm.pages.length === 0 && !warm.client) return;
  warm.client?.clear();
  warm = { pages: [], client: null };
  emit();
}

export function WarmPages() {
  const { pages, client } = useSyncExternalStore(subscribe, () => warm);
  // An element of a document of its own, with no window: React creates the pages' elements
  // there, and such a document loads nothing (an <img> in a detached element of this document
  // would still fetch its image: avatars, gift images from the NFT host). antd still writes
  // the styles to the console's document (its style cache is the page's), as warming needs.
  const [detached] = useState(() => document.implementation.createHTMLDocument('').createElement('div'));
  if (pages.length === 0 || !client) return null;
  return createPortal(
    <QueryClientProvider client={client}>
      {pages.map((page) => (
        <KeptPage key={page.path} page={page} />
      ))}
    </QueryClientProvider>,
    detached,
  );
}

/** Memo: adding a page does not draw the kept ones again. */
const KeptPage = memo(function KeptPage({ page }: { page: RemoteRoute }) {
  // The page's own element, outside the Activity (so this effect runs): a copy of what is
  // drawn in it is laid out once the hidden page is drawn.
  const drawn = useRef<HTMLDivElement>(null);
  useEffect(() => (drawn.current ? warmLayoutWhenDrawn(drawn.current, page.path) : undefined), [page.path]);
  return (
    // Outside the Activity (a boundary inside a hidden tree would not commit).
    <RemoteErrorBoundary fallback={() => null}>
      <div ref={drawn} data-warm-page={page.path}>
        <Activity mode="hidden">
          <MemoryRouter initialEntries={[page.path]}>
            <page.Component />
          </MemoryRouter>
        </Activity>
      </div>
    </RemoteErrorBoundary>
  );
});
