import { useMemo, useState } from 'react';
import type { Task, TaskCategory } from '@manager/contract';
import { useClientPages } from '@manager/platform';

export const TASKS_PAGE_SIZE = 10;
export type CategoryFilter = 'all' | TaskCategory;
export type StatusFilter = 'all' | 'active' | 'inactive';

/** Search, category and status filters with client pagination; any filter change goes back to page 1. */
export function useTaskFilters(tasks: Task[]) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryFilter>('all');
  const [status, setStatus] = useState<StatusFilter>('all');

  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    return tasks.filter(
      (t) =>
        (category === 'all' || t.category === category) &&
        (status === 'all' || t.status === (status === 'active')) &&
        (!q || t.titleEn.toLowerCase().includes(q) || t.titleRu.toLowerCase().includes(q)),
    );
  }, [tasks, search, category, status]);

  const { page, setPage, visible, resetting } = useClientPages(filtered, TASKS_PAGE_SIZE);
  return {
    search, category, status, page, filtered, visible, setPage,
    setSearch: resetting(setSearch), setCategory: resetting(setCategory), setStatus: resetting(setStatus),
  };
}
