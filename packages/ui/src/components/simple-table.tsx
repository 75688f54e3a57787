import type { CSSProperties, Key, ReactNode } from 'react';
import { theme } from '../antd.ts';

export interface SimpleTableColumn<T> {
  title: string;
  key: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
}

interface SimpleTableProps<T> {
  columns: SimpleTableColumn<T>[];
  rows: T[];
  /** A stable key per row (default: its position). */
  rowKey?: (row: T, index: number) => Key;
  /** Shown in one cell spanning the columns when there are no rows. */
  emptyText: ReactNode;
  /** The table's accessible name (e.g. the card title around it). */
  label?: string;
}

/**
 * A small read-only table (no sorting, paging, selection or filters) in antd's small-table
 * look, drawn with plain table markup. For short lists on a first page, such as the
 * dashboard's top-10 tables: antd's Table brings its pagination, select, tree and dropdown
 * code (about 100 KB gzip) that such a list never uses.
 */
export function SimpleTable<T>({ columns, rows, rowKey, emptyText, label }: SimpleTableProps<T>) {
  const { token } = theme.useToken();
  const cell: CSSProperties = {
    padding: `${token.paddingXS}px ${token.paddingXS}px`,
    borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    overflowWrap: 'break-word',
  };
  const head: CSSProperties = {
    ...cell,
    background: token.colorFillAlter,
    color: token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
    textAlign: 'start',
  };
  // Hover and header separators need selectors: one style sheet for all the tables on the
  // page (React 19 hoists a <style> with href + precedence and keeps one per href).
  const css =
    `.manager-simple-table tbody tr:hover>td{background:${token.colorFillAlter}}` +
    `.manager-simple-table thead th{position:relative}` +
    `.manager-simple-table thead th:not(:last-child)::before{content:"";position:absolute;top:50%;inset-inline-end:0;` +
    `width:1px;height:1.6em;transform:translateY(-50%);background:${token.colorSplit}}`;
  return (
    <table
      aria-label={label}
      className="manager-simple-table"
      style={{ width: '100%', borderCollapse: 'collapse', fontSize: token.fontSize, color: token.colorText }}
    >
      <style href={`manager-simple-table-${token.colorFillAlter}-${token.colorSplit}`} precedence="low">
        {css}
      </style>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" style={{ ...head, textAlign: c.align ?? 'start' }}>
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td
              colSpan={columns.length}
              style={{
                ...cell,
                textAlign: 'center',
                color: token.colorTextDescription,
                padding: token.padding,
              }}
            >
              {emptyText}
            </td>
          </tr>
        ) : (
          rows.map((row, index) => (
            <tr key={rowKey ? rowKey(row, index) : index}>
              {columns.map((c) => (
                <td key={c.key} style={{ ...cell, textAlign: c.align ?? 'start' }}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
