import { http } from '@manager/platform';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import UserStatsPage from './user-stats-page';

let post: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  post = vi.spyOn(http, 'post').mockResolvedValue({
    code: 200,
    data: { type: 'referral', timeRange: 'custom', totalParticipants: 7, top100: [] },
  });
});
afterEach(() => vi.restoreAllMocks());

const sent = () => post.mock.lastCall?.[1] as Record<string, unknown> | undefined;
const dateInput = (name: string) => screen.getByLabelText<HTMLInputElement>(name);

describe('User statistics', () => {
  it('shows the type, range and custom dates of the address and asks for them', async () => {
    renderPage(<UserStatsPage />, '/users/stats?type=referral&range=custom&start=2026-01-01&end=2026-01-31');
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(sent()).toMatchObject({ type: 'referral', timeRange: 'custom' });
    expect(new Date(sent()!.customStartDate as string).getDate()).toBe(1);
    expect(new Date(sent()!.customEndDate as string).getDate()).toBe(31);
    expect(dateInput('Start date').value).toBe('2026-01-01');
    expect(dateInput('End date').value).toBe('2026-01-31');
    expect(screen.getByRole('region', { name: 'Summary' }).textContent).toContain('Referrals');
  });

  it('a type or range change is a view of its own; editing the dates adds one entry', async () => {
    const { search, back } = renderPage(<UserStatsPage />, '/users/stats');
    await waitFor(() => expect(sent()).toEqual({ type: 'game', timeRange: 'all' }));
    await act(async () => void fireEvent.click(screen.getByText('Referrals')));
    expect(search().toString()).toBe('type=referral');
    await act(async () => void fireEvent.click(screen.getByText('Custom Range')));
    expect(search().toString()).toBe('type=referral&range=custom');
    await act(
      async () => void fireEvent.change(dateInput('Start date'), { target: { value: '2026-02-01' } }),
    );
    await act(async () => void fireEvent.change(dateInput('End date'), { target: { value: '2026-02-10' } }));
    expect(search().toString()).toBe('type=referral&range=custom&start=2026-02-01&end=2026-02-10');
    await waitFor(() => expect(sent()).toMatchObject({ type: 'referral', timeRange: 'custom' }));

    await back();
    expect(search().toString()).toBe('type=referral&range=custom');
    await back();
    expect(search().toString()).toBe('type=referral');
    await waitFor(() => expect(sent()).toEqual({ type: 'referral', timeRange: 'all' }));
  });

  it('reads an unknown type or range, or a malformed date, as the default', async () => {
    renderPage(<UserStatsPage />, '/users/stats?type=coins&range=year&start=yesterday');
    await waitFor(() => expect(sent()).toEqual({ type: 'game', timeRange: 'all' }));
  });
});
