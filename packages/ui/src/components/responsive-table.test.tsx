import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveTable } from './responsive-table.tsx';

type Row = { id: number; name: string };

describe('ResponsiveTable', () => {
  it('renders a table with the columns on a wide screen', () => {
    render(
      <ResponsiveTable<Row>
        rows={[
          { id: 1, name: 'Alpha' },
          { id: 2, name: 'Beta' },
        ]}
        rowKey="id"
        cardLabel={(r) => r.name}
        columns={[
          { title: 'Name', dataIndex: 'name' },
          { title: 'Id', key: 'id', render: (_, r) => `#${r.id}` },
        ]}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Alpha' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '#2' })).toBeTruthy();
  });
});
