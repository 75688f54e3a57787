import type { ReactNode } from 'react';
import { Button, Flex, Select } from '../antd.ts';
import { EmptyState } from './states.tsx';
import { usePhone } from './use-phone.ts';

/** A key the list sorts by (the API's `sort` key) and the words for it ("Price"). */
export interface ListSortOption<S extends string = string> {
  key: S;
  label: string;
}

interface ListToolbarProps<S extends string> {
  /** The search box (`SearchBox` or `SubmitSearchBox`): first, taking the free width. */
  search?: ReactNode;
  /** Selects, switches, date ranges: after the search, in the order given. */
  filters?: ReactNode;
  /** Resets search, filters and sort (`useListState().clear`): "Clear Filters". */
  onClear?: () => void;
  /** Whether anything narrows or orders the list; Clear Filters is disabled when not. */
  filtered?: boolean;
  /**
   * The sorts the table's headers offer: on a phone, where the cards have no headers, they
   * are a "Sort by" choice here.
   */
  sorts?: readonly ListSortOption<S>[];
  sort?: S | `-${S}`;
  onSort?: (sort: S | `-${S}` | undefined) => void;
  /** Export CSV and the like: at the row's end. */
  actions?: ReactNode;
}

const DEFAULT_ORDER = '';

/**
 * Every list's controls in one order (docs/screens.md#lists): search, filters, sort on a
 * phone, Clear Filters, then the list's actions. It wraps at any width.
 */
export function ListToolbar<S extends string = string>({
  search,
  filters,
  onClear,
  filtered = false,
  sorts,
  sort,
  onSort,
  actions,
}: ListToolbarProps<S>) {
  const phone = usePhone();
  return (
    <Flex gap={8} wrap align="center">
      {search && <div style={{ flex: '1 1 220px', maxWidth: phone ? undefined : 360 }}>{search}</div>}
      {filters}
      {phone && sorts && sorts.length > 0 && onSort && (
        <Select
          aria-label="Sort by"
          value={sort ?? DEFAULT_ORDER}
          onChange={(value: S | `-${S}` | typeof DEFAULT_ORDER) =>
            onSort(value === DEFAULT_ORDER ? undefined : value)
          }
          options={[
            { value: DEFAULT_ORDER, label: 'Default order' },
            ...sorts.flatMap(({ key, label }) => [
              { value: key, label: `${label}, ascending` },
              { value: `-${key}`, label: `${label}, descending` },
            ]),
          ]}
          style={{ minWidth: 180 }}
        />
      )}
      {onClear && (
        <Button disabled={!filtered} onClick={onClear}>
          Clear Filters
        </Button>
      )}
      {actions && (
        <Flex gap={8} wrap style={{ marginInlineStart: 'auto' }}>
          {actions}
        </Flex>
      )}
    </Flex>
  );
}

interface ListEmptyStateProps {
  /** The list's own words ("No orders found matching your criteria"). */
  title: ReactNode;
  description?: ReactNode;
  /** True when a search or filter narrows the list: the state then offers Clear Filters. */
  filtered?: boolean;
  onClear?: () => void;
  /** Shown when nothing narrows the list (e.g. "Create your first ..."). */
  action?: ReactNode;
}

/** A list with no rows: its text, and Clear Filters when the filters are why. */
export function ListEmptyState({
  title,
  description,
  filtered = false,
  onClear,
  action,
}: ListEmptyStateProps) {
  return (
    <EmptyState
      title={title}
      description={description}
      action={filtered && onClear ? <Button onClick={onClear}>Clear Filters</Button> : action}
    />
  );
}
