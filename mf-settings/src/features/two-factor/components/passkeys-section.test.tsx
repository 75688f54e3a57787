import type { Passkey } from '@manager/contract';
import { ApiError, createPasskey, http, PASSKEY_MESSAGES, PasskeyError, toast } from '@manager/platform';
import { formatDateTime } from '@manager/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render';
import { PasskeysSection } from './passkeys-section';

// The browser's ceremony: what the platform's createPasskey answers, or how it fails.
vi.mock('@manager/platform', async (original) => ({
  ...(await original<typeof import('@manager/platform')>()),
  createPasskey: vi.fn(),
}));

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const laptop: Passkey = { id: 2, name: 'Work laptop', createdAt: minutesAgo(60), lastUsedAt: minutesAgo(5) };
const key: Passkey = { id: 1, name: 'YubiKey', createdAt: minutesAgo(600), lastUsedAt: null };
const options = { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost', name: 'Manager' } };
const credential = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { attestationObject: 'att' },
  clientExtensionResults: {},
};

/** GET /auth/passkeys answers each list in turn (the last one from then on). */
function serve(...lists: Passkey[][]) {
  let call = 0;
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    expect(url).toBe('/auth/passkeys');
    return { code: 200, data: { passkeys: lists[Math.min(call++, lists.length - 1)] } };
  });
}

const section = () => screen.getByRole('region', { name: 'Passkeys' });
const items = async () =>
  within(await screen.findByRole('list', { name: 'Passkeys' })).getAllByRole('listitem');
const dialog = () => screen.getByRole('dialog');
/** The open confirmation of removing `name` (antd's popover). */
const confirmation = (name: string) =>
  screen.getByText(`Remove the passkey "${name}"?`).closest<HTMLElement>('.ant-popover')!;

// In braces: a function returned from beforeEach would run as its cleanup.
beforeEach(() => {
  vi.mocked(createPasskey).mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('PasskeysSection', { timeout: 20_000 }, () => {
  it('lists each passkey: name, added, last used (or never), and a "Remove" that says which', async () => {
    serve([laptop, key]);
    renderWithQuery(<PasskeysSection />);
    const [first, second] = await items();
    expect(first!.textContent).toContain('Work laptop');
    expect(first!.textContent).toContain(`Added ${formatDateTime(laptop.createdAt)}`);
    expect(first!.textContent).toContain('Last used 5 minutes ago');
    expect(second!.textContent).toContain('YubiKey');
    expect(second!.textContent).toContain('Never used');
    const removes = within(section()).getAllByRole('button', { name: 'Remove' });
    expect(
      removes.map((b) => document.getElementById(b.getAttribute('aria-describedby')!)?.textContent),
    ).toEqual(['Work laptop', 'YubiKey']);
  });

  it('none yet: says so; a failed load offers Retry', async () => {
    const get = vi
      .spyOn(http, 'get')
      .mockRejectedValueOnce(new ApiError('Internal Server Error', { status: 500 }))
      .mockResolvedValue({ code: 200, data: { passkeys: [] } });
    renderWithQuery(<PasskeysSection />);
    expect(await screen.findByText('Failed to load passkeys')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('No passkeys yet.')).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('"Add passkey": a name is required; the options, the browser, then the passkey is sent and the list reloads', async () => {
    const get = serve([], [laptop]);
    const post = vi
      .spyOn(http, 'post')
      .mockImplementation(async (url: string) =>
        url === '/auth/passkeys/options'
          ? { code: 200, data: options }
          : { code: 200, message: 'Passkey added', data: laptop },
      );
    vi.mocked(createPasskey).mockResolvedValue(credential as never);
    const success = vi.spyOn(toast, 'success');
    renderWithQuery(<PasskeysSection />);
    await screen.findByText('No passkeys yet.');
    await userEvent.click(within(section()).getByRole('button', { name: 'Add passkey' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Add passkey' }));
    expect(await within(dialog()).findByText('Please enter a name for the passkey')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    await userEvent.type(within(dialog()).getByLabelText('Passkey name'), ' Work laptop {Enter}');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Passkey added'));
    expect(createPasskey).toHaveBeenCalledWith(options);
    expect(post.mock.calls).toEqual([
      ['/auth/passkeys/options'],
      ['/auth/passkeys', { name: 'Work laptop', response: credential }],
    ]);
    expect((await items())[0]!.textContent).toContain('Work laptop');
    expect(get).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a cancelled prompt keeps the modal open with the reason and sends no passkey', async () => {
    serve([]);
    const post = vi.spyOn(http, 'post').mockResolvedValue({ code: 200, data: options });
    vi.mocked(createPasskey).mockRejectedValue(new PasskeyError(PASSKEY_MESSAGES.cancelled, 'cancelled'));
    renderWithQuery(<PasskeysSection />);
    await screen.findByText('No passkeys yet.');
    await userEvent.click(within(section()).getByRole('button', { name: 'Add passkey' }));
    await userEvent.type(within(dialog()).getByLabelText('Passkey name'), 'Phone');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Add passkey' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toContain(PASSKEY_MESSAGES.cancelled);
    expect(post.mock.calls).toEqual([['/auth/passkeys/options']]);
  });

  it('a refused passkey shows the server reason', async () => {
    serve([]);
    vi.spyOn(http, 'post').mockImplementation(async (url: string) => {
      if (url === '/auth/passkeys/options') return { code: 200, data: options };
      throw new ApiError('Conflict', {
        status: 409,
        data: { code: 409, message: 'This passkey is registered already' },
      });
    });
    vi.mocked(createPasskey).mockResolvedValue(credential as never);
    renderWithQuery(<PasskeysSection />);
    await screen.findByText('No passkeys yet.');
    await userEvent.click(within(section()).getByRole('button', { name: 'Add passkey' }));
    await userEvent.type(within(dialog()).getByLabelText('Passkey name'), 'Phone{Enter}');
    expect((await within(dialog()).findByRole('alert')).textContent).toContain(
      'Failed to add the passkey: This passkey is registered already',
    );
  });

  it('"Remove" asks first, then removes and reloads; a refusal toasts the server reason', async () => {
    serve([laptop, key], [key]);
    const del = vi
      .spyOn(http, 'delete')
      .mockResolvedValueOnce({ code: 200, message: 'Passkey removed', data: null })
      .mockRejectedValueOnce(
        new ApiError('Conflict', {
          status: 409,
          data: { code: 409, message: 'Two-factor authentication is required' },
        }),
      );
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    renderWithQuery(<PasskeysSection />);
    const [first] = await items();
    await userEvent.click(within(first!).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Remove the passkey "Work laptop"?')).toBeTruthy();
    expect(del).not.toHaveBeenCalled();
    await userEvent.click(within(confirmation('Work laptop')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Passkey removed'));
    expect(del).toHaveBeenCalledWith('/auth/passkeys/2');
    await waitFor(async () => expect(await items()).toHaveLength(1));

    const [only] = await items();
    await userEvent.click(within(only!).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Remove the passkey "YubiKey"?');
    await userEvent.click(within(confirmation('YubiKey')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'Failed to remove the passkey: Two-factor authentication is required',
      ),
    );
  });
});
