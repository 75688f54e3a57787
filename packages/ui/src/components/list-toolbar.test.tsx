import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListEmptyState, ListToolbar } from './list-toolbar.tsx';
import { Pagination } from './pagination.tsx';

const phone = vi.hoisted(() => ({ on: false }));
vi.mock('./use-phone', () => ({ usePhone: () => phone.on }));
afterEach(() => {
  phone.on = false;
});

const SORTS = [{ key: 'price', label: 'Price' }];

describe('ListToolbar', () => {
  it('Clear Filters is there on every list and enabled only while something narrows it', () => {
    const onClear = vi.fn();
    const { rerender } = render(<ListToolbar search={<input aria-label="Search" />} onClear={onClear} />);
    const clear = screen.getByRole('button', { name: 'Clear Filters' }) as HTMLButtonElement;
    expect(clear.disabled).toBe(true);
    rerender(<ListToolbar search={<input aria-label="Search" />} onClear={onClear} filtered />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('the sort is the headers on a wide screen and a Sort by choice on a phone', () => {
    const { rerender } = render(<ListToolbar sorts={SORTS} sort="-price" onSort={() => {}} />);
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
    phone.on = true;
    rerender(<ListToolbar sorts={SORTS} sort="-price" onSort={() => {}} />);
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sortBy.closest('.ant-select')?.textContent).toContain('Price, descending');
  });
});

describe('ListEmptyState', () => {
  it('offers Clear Filters when the filters are why the list is empty, its own action otherwise', () => {
    const onClear = vi.fn();
    const { rerender } = render(
      <ListEmptyState title="No tasks found" onClear={onClear} action={<button>Create</button>} />,
    );
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
    rerender(
      <ListEmptyState title="No tasks found" onClear={onClear} filtered action={<button>Create</button>} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'No tasks found' })).toBeTruthy();
  });
});

describe('Pagination with a page size choice', () => {
  it('offers the sizes, and stays while a larger chosen size fits everything on one page', () => {
    const onPageSize = vi.fn();
    const props = { page: 1, onChange: () => {}, pageSizes: [10, 20, 50], onPageSize, defaultPageSize: 20 };
    const { rerender, container } = render(<Pagination {...props} pageSize={50} total={30} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('combobox', { name: 'Rows per page' })).toBeTruthy();
    expect(nav.textContent).toContain('50 / page');
    // One page at the list's own size: no pager, as without the choice.
    rerender(<Pagination {...props} pageSize={20} total={18} />);
    expect(container.innerHTML).toBe('');
    rerender(<Pagination {...props} pageSize={50} total={18} />);
    expect(container.innerHTML).toBe('');
  });
});
