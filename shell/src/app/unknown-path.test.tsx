import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@manager/platform';
import { describe, expect, it, vi } from 'vitest';
import { checkForUpdates } from '../remotes/remote-registry';
import { setManifestState } from '../remotes/versions';
import { UnknownPath } from './unknown-path';

vi.mock('../remotes/remote-registry', () => ({
  checkForUpdates: vi.fn(async () => setManifestState('read')),
}));

describe('a path no route knows', () => {
  it('waits for remotes.json, says when it could not be read with Retry, then "Page not found"', async () => {
    render(
      <MemoryRouter initialEntries={['/reports/day']}>
        <UnknownPath />
      </MemoryRouter>,
    );
    // It may be a page of an area remotes.json has not named yet.
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    expect(screen.queryByText('Page not found')).toBeNull();
    act(() => setManifestState('failed'));
    expect(screen.getByRole('alert').textContent).toContain(
      "The console's areas could not be read: this page may be one of them.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(checkForUpdates).toHaveBeenCalledOnce();
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.getByText('There is no page at /reports/day.')).toBeTruthy();
    // Once read, a later failure (a poll) does not take the answer back.
    act(() => setManifestState('failed'));
    expect(screen.getByText('Page not found')).toBeTruthy();
  });
});
