import type { ComponentProps, ComponentType, CSSProperties } from 'react';

/** The two props a table spreads to scroll sideways: see `tableScrollX`. */
export interface TableScrollXProps {
  styles: { content: CSSProperties };
  components: { table: ComponentType<ComponentProps<'table'>> };
}

const made = new Map<number | 'max-content', TableScrollXProps>();

/**
 * Props that let an antd Table wider than its container scroll sideways, in CSS only: the
 * table is `width` wide (its content's width by default, or a number of pixels) and at least
 * as wide as the container, and antd's `.ant-table-content` scrolls. The same layout and DOM
 * as antd's `scroll={{ x }}`, without its JavaScript: with `scroll.x`, the table wraps itself
 * in a ResizeObserver, adds a measure row observing every column, and in a layout effect
 * reads its widths (forcing a layout) and draws itself a second time, on every mount. That
 * is for fixed (sticky) columns, which the console has none of; on the users list at CPU 4x
 * it was the largest part of what a first visit costs more than the next (issue 9, README
 * "Benchmarks"). Spread them: `<Table {...tableScrollX()} />`; the objects are made once per
 * width, so the table's components never change between renders. Do not combine with
 * `scroll.x`, `sticky` or fixed columns: those still need antd's way.
 */
export function tableScrollX(width: number | 'max-content' = 'max-content'): TableScrollXProps {
  let props = made.get(width);
  if (!props) {
    const style = { width, minWidth: '100%' } as const;
    const WideTable = (table: ComponentProps<'table'>) => <table {...table} style={{ ...table.style, ...style }} />;
    props = { styles: { content: { overflowX: 'auto' } }, components: { table: WideTable } };
    made.set(width, props);
  }
  return props;
}
