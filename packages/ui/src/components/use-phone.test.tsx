import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A media query whose answer the test sets, telling its listeners as a browser would. */
function fakeQuery(matches: boolean) {
  const listeners = new Set<() => void>();
  return {
    matches,
    media: '(min-width: 768px)',
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    set(next: boolean) {
      this.matches = next;
      listeners.forEach((listener) => listener());
    },
    listeners,
  };
}

describe('usePhone', () => {
  let query: ReturnType<typeof fakeQuery>;
  let matchMedia: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    // The hook keeps one query per page: a fresh module per test.
    vi.resetModules();
    query = fakeQuery(true);
    matchMedia = vi.fn(() => query);
    vi.stubGlobal('matchMedia', matchMedia);
  });
  afterEach(() => vi.unstubAllGlobals());

  async function renderProbe() {
    const { usePhone } = await import('./use-phone.ts');
    let renders = 0;
    function Probe() {
      renders += 1;
      return <output>{usePhone() ? 'phone' : 'wide'}</output>;
    }
    const view = render(
      <>
        <Probe />
        <Probe />
      </>,
    );
    return { view, renders: () => renders };
  }

  it('is right in the first render and draws each component once, with one query for the page', async () => {
    query = fakeQuery(false);
    const { renders } = await renderProbe();
    expect(screen.getAllByText('phone')).toHaveLength(2);
    expect(renders()).toBe(2);
    expect(matchMedia).toHaveBeenCalledTimes(1);
    expect(matchMedia).toHaveBeenCalledWith('(min-width: 768px)');
  });

  it('follows the window across the breakpoint and lets go of the query on unmount', async () => {
    const { view } = await renderProbe();
    expect(screen.getAllByText('wide')).toHaveLength(2);
    act(() => query.set(false));
    expect(screen.getAllByText('phone')).toHaveLength(2);
    act(() => query.set(true));
    expect(screen.getAllByText('wide')).toHaveLength(2);
    view.unmount();
    expect(query.listeners.size).toBe(0);
  });
});
