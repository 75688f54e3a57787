import { render, screen } from '@testing-library/react';
import { createElement, Suspense, type ComponentType } from 'react';
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

  it('mounts a preloaded page at once, with no Suspense fallback frame', async () => {
    const Loaded: ComponentType = () => createElement('h1', null, 'Loaded page');
    const { Component, preload } = lazyPage(async () => ({ default: Loaded }));
    await preload!();
    render(
      createElement(Suspense, { fallback: createElement('p', null, 'Loading') }, createElement(Component)),
    );
    // Synchronous: no await, no fallback.
    expect(screen.getByRole('heading', { name: 'Loaded page' })).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('still works lazily when not preloaded', async () => {
    const Loaded: ComponentType = () => createElement('h1', null, 'Lazy page');
    const { Component } = lazyPage(async () => ({ default: Loaded }));
    render(
      createElement(Suspense, { fallback: createElement('p', null, 'Loading') }, createElement(Component)),
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Lazy page' })).toBeTruthy();
  });
});
