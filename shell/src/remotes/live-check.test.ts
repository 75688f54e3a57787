import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchLiveRemotes } from './live-check';
import { checkForUpdates, republishLive } from './remote-registry';

vi.mock('./remote-registry', () => ({
  checkForUpdates: vi.fn(async () => undefined),
  republishLive: vi.fn(async () => undefined),
}));

const visibility = (state: DocumentVisibilityState) => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(checkForUpdates).mockClear();
  visibility('visible');
});

describe('watchLiveRemotes', () => {
  it('checks remotes.json on focus, on becoming visible and every N seconds while visible; stops when asked', () => {
    vi.useFakeTimers();
    const stop = watchLiveRemotes(180);
    expect(republishLive).toHaveBeenCalled();
    expect(checkForUpdates).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('focus'));
    expect(checkForUpdates).toHaveBeenCalledTimes(1);
    visibility('hidden');
    expect(checkForUpdates).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(180_000);
    expect(checkForUpdates).toHaveBeenCalledTimes(1); // a hidden tab is checked when shown
    visibility('visible');
    expect(checkForUpdates).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(179_000);
    expect(checkForUpdates).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1_000);
    expect(checkForUpdates).toHaveBeenCalledTimes(3);

    stop();
    window.dispatchEvent(new Event('focus'));
    visibility('visible');
    vi.advanceTimersByTime(600_000);
    expect(checkForUpdates).toHaveBeenCalledTimes(3);
  });
});
