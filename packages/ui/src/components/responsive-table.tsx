import type { ReactNode } from 'react';
import { Card, Flex, Table, Typography } from '../antd.ts';
import { usePhone } from './use-phone.ts';
import { tableScrollX } from './table-scroll-x.tsx';
import type { TableProps } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table';

interface ResponsiveTableProps<T extends object> {
  rows: readonly T[];
  columns: ColumnsType<T>;
  rowKey: keyof T & string;
  /** Names each card for screen readers at phone width, e.g. the row's title. */
  cardLabel: (row: T) => string;
  /** Said when there are no rows, in the table and on a phone. */
  emptyText?: ReactNode;
  /** The desktop table's width when wider than its container (`tableScrollX`); its content's by default. */
  tableWidth?: number;
  /** Passed to the desktop table (size, locale...); it scrolls sideways with `tableScrollX()`. */
  tableProps?: Omit<
    TableProps<T>,
    'columns' | 'dataSource' | 'rowKey' | 'pagination' | 'scroll' | 'sticky' | 'components' | 'styles'
  >;
}

const cellOf = <T extends object>(column: ColumnType<T>, row: T, index: number): ReactNode => {
  if (column.render)
    return column.render(
      column.dataIndex ? (row as Record<string, unknown>)[column.dataIndex as string] : undefined,
      row,
      index,
    ) as ReactNode;
  return column.dataIndex ? String((row as Record<string, unknown>)[column.dataIndex as string] ?? '') : null;
};

/**
 * A table on wide screens and one card per row below `md` (phones), built from the same
 * columns. A column whose `onCell` gives `colSpan: 0` is skipped, and one spanning the row
 * (`colSpan > 1`, an inline editor) fills the card without its label.
 */
export function ResponsiveTable<T extends object>({
  rows,
  columns,
  rowKey,
  cardLabel,
  tableWidth,
  emptyText,
  tableProps,
}: ResponsiveTableProps<T>) {
  const phone = usePhone();
  if (!phone)
    return (
      <Table<T>
        rowKey={rowKey}
        columns={columns}
        dataSource={rows}
        pagination={false}
        {...tableScrollX(tableWidth)}
        {...(emptyText === undefined ? {} : { locale: { emptyText } })}
        {...tableProps}
      />
    );
  if (rows.length === 0 && emptyText !== undefined)
    return <Typography.Text type="secondary">{emptyText}</Typography.Text>;
  return (
    <Flex vertical gap={12} role="list">
      {rows.map((row, index) => (
        <Card key={String(row[rowKey])} size="small" role="listitem" aria-label={cardLabel(row)}>
          <Flex vertical gap={8}>
            {(columns as ColumnType<T>[]).map((column, c) => {
              const span = (column.onCell?.(row, index) as { colSpan?: number } | undefined)?.colSpan;
              if (span === 0) return null;
              const value = cellOf(column, row, index);
              if (span !== undefined && span > 1) return <div key={c}>{value}</div>;
              return (
                <Flex key={c} justify="space-between" align="flex-start" gap={12} wrap>
                  <Typography.Text type="secondary">{column.title as ReactNode}</Typography.Text>
                  <div style={{ textAlign: 'right', minWidth: 0 }}>{value}</div>
                </Flex>
              );
            })}
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
