import { useSyncExternalStore } from 'react';

/** antd's `md` breakpoint (theme token `screenMD`, not changed by the console's theme). */
const MD_QUERY = '(min-width: 768px)';

let md: MediaQueryList | null | undefined;
/** One query for the whole page, made on first use (none where there is no `matchMedia`). */
const mdQuery = (): MediaQueryList | null =>
  (md ??=
    typeof window !== 'undefined' && typeof window.matchMedia === 'function'
      ? window.matchMedia(MD_QUERY)
      : null);

const subscribe = (onChange: () => void) => {
  const query = mdQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const isPhone = () => mdQuery()?.matches === false;
const onServer = () => false;

/**
 * True below antd's `md` breakpoint (768 px): the layouts that swap tables for cards, stack
 * controls or wrap tabs. Read from one media query while rendering, so the first render is
 * already right (also a page rendered hidden, whose effects never run) and changes with the
 * window. Not antd's `Grid.useBreakpoint()`: that one starts empty, subscribes in a layout
 * effect, making seven `matchMedia` queries each time, and then draws the component again,
 * on every mount: on the users list at CPU 4x, the whole page drawn twice per visit.
 */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, onServer);
}
