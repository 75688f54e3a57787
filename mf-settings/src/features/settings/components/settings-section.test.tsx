import { STEP_UP_STATUS, type Settings } from '@manager/contract';
import { ApiError, http, toast } from '@manager/platform';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render';
import { BUILT_IN_ROLES } from '@manager/contract';
import { deliverLiveEvent, grantPermissions } from '@manager/platform/testing';
import { SettingsSection } from './settings-section';

const stored: Settings = {
  technicalMode: false,
  playToStars: 0.01,
  playToRedChip: 0.5,
  bannerOneImageUrl: '/uploads/one.png',
  bannerOneUrl: 'ShopPage',
  bannerOneStatus: true,
  bannerTwoImageUrl: null,
  bannerTwoUrl: 'TournamentsPage',
  bannerTwoStatus: false,
};

afterEach(() => vi.restoreAllMocks());

describe('SettingsSection', { timeout: 20_000 }, () => {
  it('shows every field with the stored values and the banner preview from the uploads base', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ code: 200, data: stored });
    renderWithQuery(<SettingsSection />);
    expect(await screen.findByLabelText('Play to Stars Rate')).toHaveProperty('value', '0.01');
    expect(screen.getByLabelText('Play to Red Chip Rate')).toHaveProperty('value', '0.50');
    expect(screen.getByRole('checkbox', { name: 'Technical Mode' })).toHaveProperty('checked', false);
    expect(screen.getByText('Banner Management')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Banner One Image preview' }).getAttribute('src')).toBe(
      'http://api.test/uploads/one.png',
    );
    expect(screen.queryByRole('img', { name: 'Banner Two Image preview' })).toBeNull();
    expect(screen.getByText('ShopPage')).toBeTruthy();
    expect(screen.getByText('TournamentsPage')).toBeTruthy();
  });

  it('each part is editable only with its permission; with none, no Save (Auditor)', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ code: 200, data: stored });
    grantPermissions(BUILT_IN_ROLES.finance.permissions);
    const finance = renderWithQuery(<SettingsSection />);
    expect(await screen.findByLabelText('Play to Stars Rate')).toHaveProperty('disabled', false);
    expect(screen.getByRole('checkbox', { name: 'Technical Mode' })).toHaveProperty('disabled', true);
    expect(screen.getAllByRole('checkbox', { name: 'Active' })[0]).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeTruthy();
    finance.unmount();

    grantPermissions(BUILT_IN_ROLES.auditor.permissions);
    renderWithQuery(<SettingsSection />);
    expect(await screen.findByLabelText('Play to Stars Rate')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save Settings' })).toBeNull();
  });

  it('saves as multipart, toasts the documented text and reloads the settings', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ code: 200, data: stored });
    const post = vi.spyOn(http, 'post').mockResolvedValue({ code: 200, data: stored });
    const success = vi.spyOn(toast, 'success');
    renderWithQuery(<SettingsSection />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Technical Mode' }));
    const stars = screen.getByLabelText('Play to Stars Rate');
    await userEvent.clear(stars);
    await userEvent.type(stars, '0.25');
    fireEvent.change(screen.getByLabelText('Banner Two Image'), {
      target: { files: [new File(['x'], 'two.png', { type: 'image/png' })] },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Settings updated successfully!'));
    const [url, body] = post.mock.calls[0]!;
    expect(url).toBe('/settings');
    const form = body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      technicalMode: 'true',
      playToStars: '0.25',
      playToRedChip: '0.5',
      bannerOneUrl: 'ShopPage',
      bannerOneStatus: 'true',
      bannerTwoUrl: 'TournamentsPage',
      bannerTwoStatus: 'false',
    });
    expect((form.get('bannerTwoImage') as File).name).toBe('two.png');
    expect(form.get('bannerOneImage')).toBeNull();
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
  });

  it('shows Saving... while the save runs', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ code: 200, data: stored });
    let answer: (body: unknown) => void = () => {};
    vi.spyOn(http, 'post').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderWithQuery(<SettingsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByRole('button', { name: /Saving\.\.\./ })).toBeTruthy();
    answer({ code: 200, data: stored });
    expect(await screen.findByRole('button', { name: 'Save Settings' })).toBeTruthy();
  });

  it('a refused save toasts Failed to update settings', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ code: 200, data: stored });
    vi.spyOn(http, 'post').mockRejectedValue(new ApiError('playToStars: bad', { status: 400 }));
    const error = vi.spyOn(toast, 'error');
    renderWithQuery(<SettingsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to update settings'));
  });

  it('a save cancelled at "Confirm it\'s you" toasts Confirmation cancelled', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ code: 200, data: stored });
    vi.spyOn(http, 'post').mockRejectedValue(
      new ApiError('Confirmation cancelled', {
        status: STEP_UP_STATUS,
        data: { message: 'Confirmation cancelled' },
      }),
    );
    const error = vi.spyOn(toast, 'error');
    renderWithQuery(<SettingsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Confirmation cancelled'));
  });

  it('a failed load shows Failed to fetch settings with a Retry that recovers', async () => {
    const get = vi.spyOn(http, 'get').mockRejectedValueOnce(new ApiError('Network Error'));
    renderWithQuery(<SettingsSection />);
    expect(await screen.findByText('Failed to fetch settings')).toBeTruthy();
    get.mockResolvedValue({ code: 200, data: stored });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Save Settings' })).toBeTruthy();
  });

  it("another admin's change: the notice, and Review changes takes it into the fields not typed in", async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ code: 200, data: stored });
    const { client } = renderWithQuery(<SettingsSection />);
    const stars = await screen.findByLabelText<HTMLInputElement>('Play to Stars Rate');
    const redChip = screen.getByLabelText<HTMLInputElement>('Play to Red Chip Rate');
    await userEvent.clear(stars);
    await userEvent.type(stars, '0.25');

    get.mockResolvedValue({ code: 200, data: { ...stored, playToStars: 0.02, playToRedChip: 0.75 } });
    act(() =>
      deliverLiveEvent(client, {
        entity: 'settings',
        entityId: '1',
        action: 'settings.update',
        actor: 'finance',
      }),
    );
    expect(await screen.findByText('This record changed')).toBeTruthy();
    expect(screen.getByText('Changed by finance while you were editing.')).toBeTruthy();
    // The same fields, nothing replaced: the typed rate stays, the other is the one opened with.
    expect(stars.isConnected).toBe(true);
    expect(stars.value).toBe('0.25');
    expect(redChip.value).toBe('0.50');

    await userEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    await waitFor(() => expect(redChip.value).toBe('0.75'));
    expect(stars.value).toBe('0.25');
    expect(screen.queryByText('This record changed')).toBeNull();
    const changed = screen.getByRole('list', { name: 'Changed meanwhile' });
    expect(within(changed).getByText('Play to Red Chip Rate')).toBeTruthy();
    expect(within(changed).getByText('Play to Stars Rate')).toBeTruthy();
  });

  it('after its own save the form shows what is stored, and no notice', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ code: 200, data: stored });
    vi.spyOn(http, 'post').mockImplementation(async () => {
      get.mockResolvedValue({ code: 200, data: { ...stored, playToStars: 0.25 } });
      return { code: 200, data: null };
    });
    const success = vi.spyOn(toast, 'success');
    renderWithQuery(<SettingsSection />);
    const stars = await screen.findByLabelText('Play to Stars Rate');
    await userEvent.clear(stars);
    await userEvent.type(stars, '0.25');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Settings updated successfully!'));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('button', { name: 'Save Settings' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Play to Stars Rate').value).toBe('0.25');
    expect(screen.queryByText('This record changed')).toBeNull();
  });
});
