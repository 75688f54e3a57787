import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@manager/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { swapRemote } from './area-generation';
import { clearUnsavedInput, noteInput } from './unsaved-input';
import { UpdateNotice } from './update-notice';
import { setConsoleVersions, type RemoteBuild } from './versions';
import { bareBuild } from '../test/builds';

vi.mock('./area-generation', () => ({ swapRemote: vi.fn(async () => undefined) }));

const build = (entry: string): RemoteBuild => bareBuild(entry);
const v1 = build('http://x/settings/1/mf-manifest.json');
const v2 = build('http://x/settings/2/mf-manifest.json');

function versions(loaded: Record<string, RemoteBuild>, live: Record<string, RemoteBuild>) {
  act(() => setConsoleVersions(() => ({ loaded, live })));
}

afterEach(() => {
  vi.mocked(swapRemote).mockClear();
  clearUnsavedInput();
  versions({}, {});
});

describe('UpdateNotice', () => {
  it('offers an update only for a loaded remote whose live build is another one, in a polite live region', async () => {
    render(<UpdateNotice />);
    versions(
      { settings: v1, users: build('http://x/users/1/mf-manifest.json') },
      { settings: v1, users: build('http://x/users/1/mf-manifest.json'), commerce: v2 },
    );
    expect(screen.queryAllByRole('button')).toEqual([]);
    versions({ settings: v1 }, { settings: v2, commerce: v2 });
    const button = await screen.findByRole('button', { name: 'Update Settings' });
    expect(button.closest('[aria-live="polite"]')).not.toBeNull();
    // Commerce was never loaded in this tab: its next visit just loads the live build.
    expect(screen.queryByRole('button', { name: /Marketplace/ })).toBeNull();
  });

  it('taking it without unsaved input swaps that remote at once', async () => {
    render(<UpdateNotice />);
    versions({ settings: v1 }, { settings: v2 });
    await userEvent.click(await screen.findByRole('button', { name: 'Update Settings' }));
    expect(swapRemote).toHaveBeenCalledWith('settings');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('with unsaved input in the area it asks first: Keep editing swaps nothing, Update anyway swaps', async () => {
    render(<UpdateNotice />);
    versions({ settings: v1 }, { settings: v2 });
    const field = document.createElement('input');
    document.body.append(field);
    noteInput('settings', field);
    await userEvent.click(await screen.findByRole('button', { name: 'Update Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings has unsaved changes' });
    expect(dialog).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(swapRemote).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Update Settings' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Update anyway' }));
    expect(swapRemote).toHaveBeenCalledWith('settings');
    field.remove();
  });

  it('a failed swap is said in a toast; the page stays as it was', async () => {
    const error = vi.spyOn(toast, 'error');
    vi.mocked(swapRemote).mockRejectedValueOnce(
      new Error('Settings needs a newer console (ui >= 0.7.0, this console has 0.6.0)'),
    );
    render(<UpdateNotice />);
    versions({ settings: v1 }, { settings: v2 });
    await userEvent.click(await screen.findByRole('button', { name: 'Update Settings' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'Settings needs a newer console (ui >= 0.7.0, this console has 0.6.0)',
      ),
    );
    // Still offered (antd's loading icon leaves with a motion happy-dom never ends: found by text).
    expect(screen.getByText('Update Settings').closest('button')).not.toBeNull();
  });

  it('after a swap it announces politely "Settings updated to <version>"; each remote is busy on its own', async () => {
    const finish: Record<string, () => void> = {};
    vi.mocked(swapRemote).mockImplementation(
      (name) =>
        new Promise<void>((resolve) => {
          finish[name] = () => {
            setConsoleVersions((current) => ({
              ...current,
              loaded: { ...current.loaded, [name]: current.live[name]! },
            }));
            resolve();
          };
        }),
    );
    render(<UpdateNotice />);
    versions(
      { settings: v1, users: build('http://x/users/1/mf-manifest.json') },
      { settings: { ...v2, version: '0.2.0-cccccccc' }, users: build('http://x/users/2/mf-manifest.json') },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Update Settings' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Users and games' }));
    // Both in progress at once: neither hides the other's progress.
    const busy = () => document.querySelectorAll('.ant-btn-loading').length;
    expect(busy()).toBe(2);
    await act(async () => finish.settings!());
    expect(busy()).toBe(1);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Settings updated to 0.2.0-cccccccc');
    expect(status.closest('[aria-live="polite"]')).not.toBeNull();
    await act(async () => finish.users!());
    vi.mocked(swapRemote).mockReset().mockResolvedValue(undefined);
  });
});
