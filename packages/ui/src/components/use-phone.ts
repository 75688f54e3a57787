import { Grid } from '../antd';

/**
 * True below antd's `md` breakpoint (768 px): the layouts that swap tables for cards, stack
 * controls or wrap tabs. The console is desktop first: before antd has measured the screen
 * (the first render, and a page rendered hidden, whose effects never run) this is false, and a
 * phone switches in a layout effect, before the first paint.
 */
export function usePhone(): boolean {
  return Grid.useBreakpoint().md === false;
}
