import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, useRowCalls } from '../src';

afterEach(() => vi.restoreAllMocks());

describe('useRowCalls', () => {
  it('marks the row busy while the change runs, then toasts its success text', async () => {
    const success = vi.spyOn(toast, 'success');
    const { result } = renderHook(() => useRowCalls<'toggle' | 'delete'>());
    let finish!: (text: string) => void;
    let outcome!: Promise<boolean>;
    act(
      () =>
        void (outcome = result.current.run(() => new Promise((resolve) => (finish = resolve)), {
          id: 7,
          kind: 'toggle',
        })),
    );
    expect(result.current.busy).toEqual({ 7: 'toggle' });
    await act(async () => {
      finish('Task enabled successfully!');
      expect(await outcome).toBe(true);
    });
    expect(success).toHaveBeenCalledWith('Task enabled successfully!');
    expect(result.current.busy).toEqual({});
  });

  it('a failure toasts the error message (else Unknown error) and resolves false', async () => {
    const error = vi.spyOn(toast, 'error');
    const { result } = renderHook(() => useRowCalls<'delete'>());
    await act(async () =>
      expect(await result.current.run(() => Promise.reject(new Error('Failed to delete task: gone')))).toBe(
        false,
      ),
    );
    await act(
      async () =>
        void (await result.current.run(() => Promise.reject(new Error('')), { id: 1, kind: 'delete' })),
    );
    expect(error.mock.calls).toEqual([['Failed to delete task: gone'], ['Unknown error']]);
    expect(result.current.busy).toEqual({});
  });
});
