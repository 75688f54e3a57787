import { ListToolbar, SearchBox, Select } from '@manager/ui';
import type { ReactNode } from 'react';

/** The page's filters as the list hook keeps them in the URL (`status`, `type`); the first is the default. */
export const USER_FILTERS = {
  status: ['all', 'online', 'offline'],
  type: ['all', 'premium', 'regular'],
} as const;
export type StatusFilter = (typeof USER_FILTERS.status)[number];
export type TypeFilter = (typeof USER_FILTERS.type)[number];

interface Props {
  search: string;
  status: StatusFilter;
  type: TypeFilter;
  onSearch: (value: string) => void;
  onStatus: (value: StatusFilter) => void;
  onType: (value: TypeFilter) => void;
  /** Back to no search and no filter (`list.clear`); disabled while nothing narrows the list. */
  onClear: () => void;
  filtered: boolean;
  /** At the toolbar's end: the list's Export CSV. */
  extra?: ReactNode;
}

/** The list kit's toolbar (docs/screens.md#list-controls); the users list has no sorts. */
export function UsersFilters({
  search,
  status,
  type,
  onSearch,
  onStatus,
  onType,
  onClear,
  filtered,
  extra,
}: Props) {
  return (
    <ListToolbar
      search={
        <SearchBox
          label="Search users"
          placeholder="Search by username, name or Telegram ID"
          value={search}
          onChange={onSearch}
        />
      }
      filters={
        <>
          <Select<StatusFilter>
            aria-label="Status filter"
            value={status}
            onChange={onStatus}
            style={{ minWidth: 140 }}
            options={[
              { value: 'all', label: 'All Status' },
              { value: 'online', label: 'Online' },
              { value: 'offline', label: 'Offline' },
            ]}
          />
          <Select<TypeFilter>
            aria-label="Type filter"
            value={type}
            onChange={onType}
            style={{ minWidth: 140 }}
            options={[
              { value: 'all', label: 'All Users' },
              { value: 'premium', label: 'Premium' },
              { value: 'regular', label: 'Regular' },
            ]}
          />
        </>
      }
      onClear={onClear}
      filtered={filtered}
      actions={extra}
    />
  );
}
