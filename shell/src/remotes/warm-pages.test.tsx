import type { RemoteRoute } from '@manager/platform';
import { useLocation } from '@manager/platform';
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { warmPage, WarmPages } from './warm-pages';

const log: string[] = [];

function page(name: string, path: string): RemoteRoute {
  function Page() {
    const { pathname } = useLocation();
    log.push(`render ${name} at ${pathname}`);
    useEffect(() => {
      log.push(`effect ${name}`);
    }, []);
    return <p>{name} page</p>;
  }
  return { path, title: name, Component: Page };
}

describe('WarmPages', () => {
  it('draws each queued page once, in order, at its path, without its effects and out of the document', async () => {
    const { container } = render(<WarmPages />);
    await act(async () => {
      warmPage(page('Users', '/users/list'));
      warmPage(page('Settings', '/settings'));
    });
    await vi.waitFor(
      async () => {
        await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
        expect(log.filter((line) => line.startsWith('render Settings'))).not.toHaveLength(0);
      },
      { timeout: 5000 },
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(log[0]).toBe('render Users at /users/list');
    expect(log).toContain('render Settings at /settings');
    expect(log.indexOf('render Settings at /settings')).toBeGreaterThan(log.lastIndexOf('render Users at /users/list'));
    expect(log.some((line) => line.startsWith('effect'))).toBe(false);
    expect(document.body.textContent).not.toContain('page');
    // Both drawn: nothing is left mounted.
    expect(container.innerHTML).toBe('');
  });
});
