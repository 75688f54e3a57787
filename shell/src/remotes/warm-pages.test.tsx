import type { RemoteRoute } from '@manager/platform';
import { useLocation } from '@manager/platform';
import { QueryClient, QueryClientProvider, useQuery, type QueryClient as Client } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { StrictMode, useEffect, useLayoutEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmLayoutWhenDrawn } from './warm-layout';
import { forgetWarmPages, warmPage, WarmPages } from './warm-pages';

// The layout warm-up is tested in warm-layout.test.ts; here: who starts and stops it.
const stopLayout = vi.fn();
vi.mock('./warm-layout', () => ({ warmLayoutWhenDrawn: vi.fn(() => stopLayout) }));

const log: string[] = [];

function page(name: string, path: string, { fails = false } = {}): RemoteRoute {
  function Page() {
    const { pathname } = useLocation();
    log.push(`render ${name} at ${pathname}`);
    if (fails) throw new Error(`${name} is broken`);
    useEffect(() => void log.push(`effect ${name}`), []);
    useLayoutEffect(() => void log.push(`layout effect ${name}`), []);
    return <p>{name} page</p>;
  }
  return { path, title: name, Component: Page };
}

/** Lets React render the hidden (lowest priority) work. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
const renders = (name: string) => log.filter((line) => line.startsWith(`render ${name} `));

describe('WarmPages', () => {
  afterEach(async () => {
    await act(async () => forgetWarmPages());
    log.length = 0;
    vi.restoreAllMocks();
  });

  it('draws each page at its path, without its effects and out of the document, and keeps it', async () => {
    render(
      <StrictMode>
        <p>console</p>
        <WarmPages />
      </StrictMode>,
    );
    const users = page('Users', '/users/list');
    await act(async () => warmPage(users));
    await settle();
    await act(async () => warmPage(page('Settings', '/settings')));
    await settle();
    expect(renders('Users').every((line) => line === 'render Users at /users/list')).toBe(true);
    expect(renders('Settings')).toContain('render Settings at /settings');
    expect(log.some((line) => line.includes('effect'))).toBe(false);
    expect(document.body.textContent).toBe('console');
    // Kept, not drawn again: neither when the next page came nor when warmed twice.
    const usersRenders = renders('Users').length;
    await act(async () => warmPage(users));
    await settle();
    expect(renders('Users')).toHaveLength(usersRenders);
    // Forgotten (sign-out), then warmed again: drawn again.
    await act(async () => forgetWarmPages());
    await act(async () => warmPage(users));
    await settle();
    expect(renders('Users').length).toBeGreaterThan(usersRenders);
  });

  it('lays out the element each kept page is drawn in, and stops at sign-out', async () => {
    vi.mocked(warmLayoutWhenDrawn).mockClear();
    stopLayout.mockClear();
    render(<WarmPages />);
    await act(async () => warmPage(page('Users', '/users/list')));
    await settle();
    expect(vi.mocked(warmLayoutWhenDrawn).mock.calls.map(([, name]) => name)).toEqual(['/users/list']);
    const [container] = vi.mocked(warmLayoutWhenDrawn).mock.calls[0]!;
    expect(container.textContent).toBe('Users page');
    expect(container.ownerDocument).not.toBe(document);
    expect(stopLayout).not.toHaveBeenCalled();
    await act(async () => forgetWarmPages());
    expect(stopLayout).toHaveBeenCalledTimes(1);
  });

  it('a page that throws leaves the console and the other pages untouched', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { getByText } = render(
      <>
        <p>console</p>
        <WarmPages />
      </>,
    );
    await act(async () => {
      warmPage(page('Broken', '/tasks/list', { fails: true }));
      warmPage(page('Shop', '/shop/list'));
    });
    for (let i = 0; i < 5; i++) await settle();
    expect(renders('Broken')).not.toHaveLength(0);
    expect(getByText('console')).toBeTruthy();
    expect(renders('Shop')).toContain('render Shop at /shop/list');
  });

  it('draws a page with a prefetch once its data is in, from a cache of its own, dropped at sign-out', async () => {
    const key = ['users', 'list', { page: 1 }];
    let answer: (rows: string[]) => void = () => undefined;
    let used: Client | null = null;
    const queryFn = vi.fn(() => new Promise<string[]>((resolve) => (answer = resolve)));
    function UsersList() {
      const { data } = useQuery({ queryKey: key, queryFn });
      log.push(`render Users with ${data ? data.join(',') : 'no data'}`);
      return null;
    }
    const users: RemoteRoute = {
      path: '/users/list',
      title: 'Users',
      Component: UsersList,
      prefetch: (client) => {
        used = client;
        return client.prefetchQuery({ queryKey: key, queryFn });
      },
    };
    // The console's own cache (what a visit reads) is another one: never read or filled here.
    const consoleCache = new QueryClient();
    render(
      <QueryClientProvider client={consoleCache}>
        <WarmPages />
      </QueryClientProvider>,
    );
    await act(async () => warmPage(users));
    await settle();
    expect(log).toEqual([]);
    await act(async () => answer(['anna', 'boris']));
    await settle();
    expect(log).toContain('render Users with anna,boris');
    expect(log).not.toContain('render Users with no data');
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(consoleCache.getQueryData(key)).toBeUndefined();
    await act(async () => forgetWarmPages());
    expect(used!.getQueryData(key)).toBeUndefined();
  });

  it('a page whose prefetch fails is drawn without data; one signed out meanwhile is not drawn', async () => {
    render(<WarmPages />);
    let fail: (error: Error) => void = () => undefined;
    const failing = page('Settings', '/settings');
    failing.prefetch = () => new Promise((_resolve, reject) => (fail = reject));
    await act(async () => warmPage(failing));
    await act(async () => fail(new Error('offline')));
    await settle();
    expect(renders('Settings')).toContain('render Settings at /settings');
    const throwing = page('Shop', '/shop/list');
    throwing.prefetch = () => {
      throw new Error('not a promise');
    };
    await act(async () => warmPage(throwing));
    await settle();
    expect(renders('Shop')).toContain('render Shop at /shop/list');

    let done: () => void = () => undefined;
    const late = page('Tasks', '/tasks/list');
    late.prefetch = () => new Promise<void>((resolve) => (done = resolve));
    await act(async () => warmPage(late));
    await act(async () => forgetWarmPages());
    await act(async () => done());
    await settle();
    expect(renders('Tasks')).toEqual([]);
  });
});
