import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Task } from '@manager/contract';
import { taskTotals } from '../model/task-totals';
import { useTaskFilters } from './use-task-filters';

const task = (id: number, category: Task['category'], status: boolean, completed: number): Task => ({
  id, category, photo: null, photoUrl: null, titleEn: `Task ${id}`, titleRu: `Задание ${id}`, rewardCurrency: 'TON',
  rewardAmount: 1, link: null, isTelegramFollow: false, telegramChatId: null, status, completed,
});

describe('task filters', () => {
  const rows = Array.from({ length: 23 }, (_, i) => task(i + 1, i % 2 ? 'Partners' : 'In Game', i % 3 !== 0, i));

  it('counts the four cards over every task', () => {
    expect(taskTotals(rows)).toEqual({ total: 23, active: 15, inactive: 8, completions: 253 });
  });

  it('pages by 10, filters by category, status and either title, and resets to page 1', () => {
    const { result } = renderHook(() => useTaskFilters(rows));
    expect(result.current.visible).toHaveLength(10);
    act(() => result.current.setPage(3));
    expect(result.current.visible).toHaveLength(3);
    act(() => result.current.setCategory('Partners'));
    expect(result.current.page).toBe(1);
    expect(result.current.filtered.every((t) => t.category === 'Partners')).toBe(true);
    act(() => result.current.setStatus('inactive'));
    expect(result.current.filtered.every((t) => !t.status && t.category === 'Partners')).toBe(true);
    act(() => result.current.setSearch('задание 4'));
    expect(result.current.filtered.map((t) => t.id)).toEqual([4]);
  });
});
