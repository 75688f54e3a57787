import { describe, expect, it, vi } from 'vitest';
import { onTableSort, sortableColumn } from './table-sort.ts';

describe('sortableColumn / onTableSort', () => {
  it("draws the list's sort on its column only", () => {
    expect(sortableColumn('price', 'price').sortOrder).toBe('ascend');
    expect(sortableColumn('price', '-price').sortOrder).toBe('descend');
    expect(sortableColumn('price', '-createdAt').sortOrder).toBeNull();
    expect(sortableColumn('price', undefined)).toMatchObject({ sorter: true, sortOrder: null });
  });

  it('turns header clicks into key, -key and back to the default; other table changes are ignored', () => {
    const setSort = vi.fn();
    const onChange = onTableSort(setSort);
    onChange({}, {}, { columnKey: 'price', order: 'ascend' }, { action: 'sort' });
    onChange({}, {}, { columnKey: 'price', order: 'descend' }, { action: 'sort' });
    onChange({}, {}, { columnKey: 'price', order: null }, { action: 'sort' });
    onChange({}, {}, { columnKey: 'price', order: 'ascend' }, { action: 'paginate' });
    expect(setSort.mock.calls).toEqual([['price'], ['-price'], [undefined]]);
  });
});
