import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createExternalStore, useExternalStore } from './external-store';

describe('external store', () => {
  it('set replaces the value and tells subscribers; a component re-renders with its selected part', () => {
    const store = createExternalStore<Record<string, number>>({ a: 1 });
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    function Show({ name }: { name: string }) {
      const value = useExternalStore(store, (all) => all[name] ?? 0);
      return <output aria-label={name}>{value}</output>;
    }
    render(<Show name="b" />);
    expect(screen.getByLabelText('b').textContent).toBe('0');
    act(() => store.set((current) => ({ ...current, b: 2 })));
    expect(screen.getByLabelText('b').textContent).toBe('2');
    expect(store.get()).toEqual({ a: 1, b: 2 });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    store.set((current) => ({ ...current, a: 3 }));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
