import { afterEach, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { AppToaster, toast } from '../src';

afterEach(() => {
  act(() => toast.remove());
  vi.useRealTimers();
});

// A dismissed toast leaves the DOM 1 s later (the library's removal delay).
it('keeps success toasts 3 s and others 4 s', async () => {
  vi.useFakeTimers();
  render(<AppToaster />);
  act(() => {
    toast.success('Saved');
    toast.error('Failed');
  });
  expect(screen.getByText('Saved')).toBeTruthy();

  await act(() => vi.advanceTimersByTimeAsync(3500)); // the library's own 2 s would be gone by now
  expect(screen.queryByText('Saved')).not.toBeNull();

  await act(() => vi.advanceTimersByTimeAsync(1000));
  expect(screen.queryByText('Saved')).toBeNull();
  expect(screen.queryByText('Failed')).not.toBeNull();

  await act(() => vi.advanceTimersByTimeAsync(1000));
  expect(screen.queryByText('Failed')).toBeNull();
});

it('lets clicks pass through a toast to the control under it', () => {
  const { container } = render(<AppToaster />);
  act(() => {
    toast.success('Passes clicks through');
  });
  const bar = within(container).getByText('Passes clicks through').parentElement as HTMLElement;
  expect(bar.style.pointerEvents).toBe('none');
});
