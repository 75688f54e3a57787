import { useMemo, useState } from 'react';
import type { Task, TaskCategory } from '@manager/contract';

export const TASKS_PAGE_SIZE = 10;
export type CategoryFilter = 'all' | TaskCategory;
export type StatusFilter = 'all' | 'active' | 'inactive';

/** Search, category and status filters with client pagination; any filter change goes back to page 1. */
export function useTaskFilters(tasks: Task[]) {
  const [search, setSearchRaw] = useState('');
  const [category, setCategoryRaw] = useState<CategoryFilter>('all');
  const [status, setStatusRaw] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);

  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    return tasks.filter(
      (t) =>
        (category === 'all' || t.category === category) &&
        (status === 'all' || t.status === (status === 'active')) &&
        (!q || t.titleEn.toLowerCase().includes(q) || t.titleRu.toLowerCase().includes(q)),
    );
  }, [tasks, search, category, status]);

  const pages = Math.max(1, Math.ceil(filtered.length / TASKS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const visible = filtered.slice((current - 1) * TASKS_PAGE_SIZE, current * TASKS_PAGE_SIZE);
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };

  return {
    search, category, status, page: current, filtered, visible, setPage,
    setSearch: reset(setSearchRaw), setCategory: reset(setCategoryRaw), setStatus: reset(setStatusRaw),
  };
}

/** The four cards: totals over every task, not just the filtered ones. */
export function taskTotals(tasks: Task[]) {
  const active = tasks.filter((t) => t.status).length;
  return { total: tasks.length, active, inactive: tasks.length - active, completions: tasks.reduce((s, t) => s + t.completed, 0) };
}
