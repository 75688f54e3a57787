import type { ComponentProps, ComponentType, CSSProperties } from 'react';

/** The two props a table spreads to scroll sideways: see `tableScrollX`. */
interface TableScrollXProps {
  styles: { content: CSSProperties };
  components: { table: ComponentType<ComponentProps<'table'>> };
}

const made = new Map<number | 'max-content', TableScrollXProps>();

/**
 * Props that let an antd Table wider than its container scroll sideways, in CSS only: the
 * table is `width` wide (its content's width by default, or a number of pixels) and at least
 * as wide as the container, and antd's `.ant-table-content` scrolls sideways (and clips
 * vertically, as antd's does). The layout of antd's `scroll={{ x }}` without its JavaScript:
 * with `scroll.x`, the table wraps itself in a ResizeObserver, adds a measure row observing
 * every column, and in a layout effect reads its widths (forcing a layout) and draws itself a
 * second time, on every mount. That is for fixed (sticky) columns, which the console has none
 * of; on the users list at CPU 4x it was a large part of every visit (README
 * "Benchmarks"). Differences: no `ant-table-scroll-horizontal` class (antd styles it only for
 * bordered tables), and an empty table's message is centred on the table's width, not on the
 * visible part (antd measures the container for that). Spread them: `<Table {...tableScrollX()}
 * />`; the objects are made once per width, so the table's components never change between
 * renders. Not with `scroll`, `sticky`, fixed columns or a `components`/`styles` of the
 * table's own: those still need antd's way.
 */
export function tableScrollX(width: number | 'max-content' = 'max-content'): TableScrollXProps {
  let props = made.get(width);
  if (!props) {
    const style = { width, minWidth: '100%' } as const;
    const WideTable = (table: ComponentProps<'table'>) => (
      <table {...table} style={{ ...table.style, ...style }} />
    );
    props = {
      styles: { content: { overflowX: 'auto', overflowY: 'hidden' } },
      components: { table: WideTable },
    };
    made.set(width, props);
  }
  return props;
}
