import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useChange } from '../src';

function setup(always: boolean, fn: (v: number) => Promise<number>) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useChange(fn, ['things'], { always }), { wrapper });
  return { result, invalidate };
}

describe('useChange', () => {
  it('reloads the key after a success, not after a failure', async () => {
    const ok = setup(false, async (v) => v * 2);
    await act(async () => expect(await ok.result.current.mutateAsync(2)).toBe(4));
    expect(ok.invalidate).toHaveBeenCalledWith({ queryKey: ['things'] });
    const failed = setup(false, () => Promise.reject(new Error('no')));
    await act(async () => void (await failed.result.current.mutateAsync(1).catch(() => undefined)));
    expect(failed.invalidate).not.toHaveBeenCalled();
  });

  it('with always, reloads after a failure too', async () => {
    const failed = setup(true, () => Promise.reject(new Error('no')));
    await act(async () => void (await failed.result.current.mutateAsync(1).catch(() => undefined)));
    expect(failed.invalidate).toHaveBeenCalledWith({ queryKey: ['things'] });
  });
});
