import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { onDemandChunk } from './chunk.ts';
import { wrapComponent, wrapObject } from './wrap.ts';

/** A chunk whose load the test releases by hand. */
function manualChunk<M>(module: M) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const importer = vi.fn(() => gate.then(() => module));
  return { chunk: onDemandChunk(importer), importer, release };
}

describe('on-demand wrappers', () => {
  it('an imperative static returns at once, loads the chunk, then forwards to what antd returned', async () => {
    const result = Object.assign(vi.fn(), { destroy: vi.fn(), update: vi.fn() });
    const api = { open: vi.fn(() => result) };
    const { chunk, importer, release } = manualChunk({ api });
    const wrapped = wrapObject<
      { open: (t: string) => typeof result & PromiseLike<unknown> },
      { api: typeof api }
    >(chunk, 'api', (m) => m.api, { imperative: ['open'] });
    const handle = wrapped.open('Saved');
    handle.update({ title: 'Saved again' });
    handle.destroy();
    handle();
    expect(importer).toHaveBeenCalledTimes(1);
    expect(api.open).not.toHaveBeenCalled();
    release();
    await expect(Promise.resolve(handle)).resolves.toBe(result);
    expect(api.open).toHaveBeenCalledWith('Saved');
    expect(result.update).toHaveBeenCalledWith({ title: 'Saved again' });
    expect(result.destroy).toHaveBeenCalled();
    expect(result).toHaveBeenCalled();
    // Loaded: the static is the module's own.
    expect(wrapped.open).toBe(api.open);
  });

  it("a thenable result (antd's message) settles when it does, not when the chunk loads", async () => {
    let close!: (v: boolean) => void;
    const closed = new Promise<boolean>((resolve) => (close = resolve));
    const api = { success: vi.fn(() => Object.assign(() => undefined, { then: closed.then.bind(closed) })) };
    const { chunk, release } = manualChunk({ api });
    const wrapped = wrapObject<{ success: () => PromiseLike<boolean> }, { api: typeof api }>(
      chunk,
      'api',
      (m) => m.api,
      {
        imperative: ['success'],
      },
    );
    const settled = vi.fn();
    void Promise.resolve(wrapped.success()).then(settled);
    release();
    await chunk.load();
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    close(true);
    await vi.waitFor(() => expect(settled).toHaveBeenCalledWith(true));
  });

  it('parts, nested parts, values and hooks: stand-ins before the load, the module own after', async () => {
    const Meta = ({ title }: { title: string }) => <i>{title}</i>;
    const Item = Object.assign(({ children }: { children: string }) => <li>{children}</li>, {
      Meta,
      marker: 'item',
    });
    const List = Object.assign(({ children }: { children: React.ReactNode }) => <ul>{children}</ul>, {
      Item,
      useList: () => 'from the module',
      CONSTANT: 'c',
    });
    const { chunk, release } = manualChunk({ List });
    const Wrapped = wrapComponent<typeof List, { List: typeof List }>(chunk, 'List', (m) => m.List, {
      parts: [['Item', { parts: ['Meta'], values: ['marker'] }]],
      hooks: ['useList'],
      values: ['CONSTANT'],
    });
    expect(Wrapped.CONSTANT).toBeUndefined();
    expect(Wrapped.Item.marker).toBeUndefined();
    expect(Wrapped.Item).not.toBe(Item);
    function Page() {
      return (
        <Wrapped>
          <Wrapped.Item>{Wrapped.useList()}</Wrapped.Item>
          <Wrapped.Item.Meta title="meta" />
        </Wrapped>
      );
    }
    await act(async () => {
      render(
        <Suspense fallback={<p>waiting</p>}>
          <Page />
        </Suspense>,
      );
    });
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByText('from the module')).toBeTruthy();
    expect(screen.getByText('meta')).toBeTruthy();
    expect(Wrapped.Item).toBe(Item);
    expect(Wrapped.Item.Meta).toBe(Meta);
    expect(Wrapped.CONSTANT).toBe('c');
  });

  it('a failed load is retried by the next call', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ ok: true });
    const chunk = onDemandChunk(importer);
    await expect(chunk.load()).rejects.toThrow('offline');
    expect(chunk.loaded()).toBeUndefined();
    await expect(chunk.load()).resolves.toEqual({ ok: true });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
