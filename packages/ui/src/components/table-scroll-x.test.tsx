import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table } from '../antd.ts';
import { tableScrollX } from './table-scroll-x.tsx';

type Row = { id: number; name: string };
const rows: Row[] = [{ id: 1, name: 'Alpha' }];
const columns = [{ title: 'Name', dataIndex: 'name' }];

describe('tableScrollX', () => {
  it('makes the table its content wide, at least the container, and its content scroll sideways', () => {
    const { container } = render(
      <Table<Row> rowKey="id" columns={columns} dataSource={rows} pagination={false} {...tableScrollX()} />,
    );
    const table = screen.getByRole('table');
    expect(table.style.width).toBe('max-content');
    expect(table.style.minWidth).toBe('100%');
    expect((container.querySelector('.ant-table-content') as HTMLElement).style.overflowX).toBe('auto');
    expect((container.querySelector('.ant-table-content') as HTMLElement).style.overflowY).toBe('hidden');
    expect(screen.getByRole('cell', { name: 'Alpha' })).toBeTruthy();
    // None of antd's `scroll.x` machinery: no measure row, no horizontal-scroll mode.
    expect(container.querySelector('.ant-table-measure-row')).toBeNull();
    expect(container.querySelector('.ant-table-scroll-horizontal')).toBeNull();
  });

  it('takes a width in pixels, and gives the same objects for the same width', () => {
    render(
      <Table<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        pagination={false}
        {...tableScrollX(760)}
      />,
    );
    expect(screen.getByRole('table').style.width).toBe('760px');
    expect(tableScrollX(760)).toBe(tableScrollX(760));
    expect(tableScrollX()).toBe(tableScrollX('max-content'));
    expect(tableScrollX(760).components.table).not.toBe(tableScrollX().components.table);
  });

  it('keeps the style antd gives the table (its layout)', () => {
    render(
      <Table<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        pagination={false}
        tableLayout="fixed"
        {...tableScrollX()}
      />,
    );
    expect(screen.getByRole('table').style.tableLayout).toBe('fixed');
  });
});
