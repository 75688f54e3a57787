import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@manager/platform';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { swapRemote } from './area-generation';
import { activeOverrides, answerOverride, captureOverrides, getPendingOverrides } from './overrides';
import { republishLive } from './remote-registry';
import { OverridePrompt, TestBuildNotice } from './test-build';
import { setConsoleVersions, type RemoteBuild } from './versions';
import { bareBuild } from '../test/builds';

vi.mock('./area-generation', () => ({ swapRemote: vi.fn(async () => undefined) }));
vi.mock('./remote-registry', () => ({ republishLive: vi.fn(async () => undefined) }));

const origin = window.location.origin;
const QA = `${origin}/releases/settings/0.2.0-bbbbbbbb/mf-manifest.json`;
const build = (entry: string, override = false): RemoteBuild => bareBuild(entry, { override });

beforeEach(() => {
  sessionStorage.clear();
  useAuthStore.setState({
    isAuthenticated: true,
    admin: { id: 1, username: 'admin', twoFactorEnabled: false },
  });
});
afterEach(() => {
  for (const { name } of getPendingOverrides()) answerOverride(name, false);
  vi.mocked(swapRemote).mockClear();
  vi.mocked(republishLive).mockClear();
  act(() => setConsoleVersions(() => ({ loaded: {}, live: {} })));
  window.history.replaceState(null, '', '/');
});

function arrive(url: string) {
  window.history.replaceState(null, '', `/settings?override.settings=${encodeURIComponent(url)}`);
  act(() => void captureOverrides([origin]));
}

describe('override confirmation', () => {
  it('asks once, naming the URL; Load test build keeps it for this tab and swaps Settings to it', async () => {
    render(<OverridePrompt />);
    arrive(QA);
    const dialog = await screen.findByRole('dialog', { name: 'Load a test build of Settings?' });
    expect(dialog.textContent).toContain(QA);
    expect(activeOverrides([origin]).urls).toEqual({});
    await userEvent.click(screen.getByRole('button', { name: 'Load test build' }));
    expect(activeOverrides([origin]).urls).toEqual({ settings: QA });
    await waitFor(() => expect(swapRemote).toHaveBeenCalledWith('settings'));
    expect(republishLive).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Ignore drops it: nothing kept, nothing swapped', async () => {
    render(<OverridePrompt />);
    arrive(QA);
    await screen.findByRole('dialog', { name: 'Load a test build of Settings?' });
    await userEvent.click(screen.getByRole('button', { name: 'Ignore' }));
    expect(activeOverrides([origin]).urls).toEqual({});
    expect(swapRemote).not.toHaveBeenCalled();
    expect(getPendingOverrides()).toEqual([]);
  });
});

describe('TestBuildNotice', () => {
  it('shows "Test build: Settings" while an override is active; taking it clears it and swaps back to the live build', async () => {
    sessionStorage.setItem('manager.remoteOverrides', JSON.stringify({ settings: QA }));
    render(<TestBuildNotice />);
    expect(screen.queryByRole('button')).toBeNull();
    act(() =>
      setConsoleVersions(() => ({
        loaded: { settings: build(QA, true) },
        live: { settings: build(QA, true) },
      })),
    );
    // After the clear, the registry publishes the live build again.
    vi.mocked(republishLive).mockImplementationOnce(async () =>
      setConsoleVersions((current) => ({
        ...current,
        live: { settings: build(`${origin}/live/mf-manifest.json`) },
      })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Test build: Settings' }));
    await waitFor(() => expect(swapRemote).toHaveBeenCalledWith('settings'));
    expect(sessionStorage.getItem('manager.remoteOverrides')).toBeNull();
  });
});
