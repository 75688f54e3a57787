import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../src/remote';

const Page: ComponentType = () => null;

describe('lazyPage', () => {
  it('fetches the page once whether preloaded first or rendered first', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const { preload } = lazyPage(load);
    await Promise.all([preload!(), preload!()]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets a failed preload be retried (the next call fetches again)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ default: Page });
    const { preload } = lazyPage(load);
    await expect(preload!()).rejects.toThrow('offline');
    await expect(preload!()).resolves.toEqual({ default: Page });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
