import type { Key } from 'react';

type SortOrder = 'ascend' | 'descend' | null;

/** What a sortable column spreads: antd draws its arrows from the list's sort, and sorts nothing itself. */
export interface SortableColumnProps {
  sorter: true;
  sortOrder: SortOrder;
  sortDirections: SortOrder[];
}

/**
 * Props of a column the list sorts by `key` (`key` ascending, `-key` descending, as the API's
 * `sort` parameter). The rows arrive sorted (by the server, or by the list hook on a whole
 * list), so antd only shows the order: `sorter: true` never sorts in the browser.
 */
export function sortableColumn(key: string, sort: string | undefined): SortableColumnProps {
  const sortOrder: SortOrder = sort === key ? 'ascend' : sort === `-${key}` ? 'descend' : null;
  return { sorter: true, sortOrder, sortDirections: ['ascend', 'descend', null] };
}

interface SorterLike {
  columnKey?: Key;
  order?: SortOrder;
}

/**
 * A Table `onChange` that turns a click on a sortable header into the list's sort: `key`,
 * `-key`, or undefined (the list's default order) on the third click. Columns are matched
 * by their `key`, which must be the API's sort key.
 */
export function onTableSort(setSort: (sort: string | undefined) => void) {
  return (
    _pagination: unknown,
    _filters: unknown,
    sorter: SorterLike | SorterLike[],
    extra?: { action?: string },
  ) => {
    if (extra && extra.action !== 'sort') return;
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    if (!one?.order || one.columnKey === undefined) return setSort(undefined);
    setSort(one.order === 'ascend' ? String(one.columnKey) : `-${String(one.columnKey)}`);
  };
}
