import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openStepUpPrompt } from '@manager/platform/testing';
import { theme } from '@manager/ui';
import { chooseDark, THEME_STORAGE_KEY } from '../features/theme/color-scheme';
import { App } from './app';

/** What every page is drawn with: antd's container colour from the theme in force. */
function Page() {
  return <p data-background={theme.useToken().token.colorBgContainer}>page</p>;
}
// The routes are not under test here: the prompt is hosted beside them, on every page.
vi.mock('./app-routes', () => ({ AppRoutes: Page }));

describe('App', () => {
  it('hosts the "Confirm it\'s you" prompt a guarded call opens, with the input the admin has', async () => {
    render(<App />);
    expect(await screen.findByText('page')).toBeTruthy();
    let settled: Promise<void> = Promise.resolve();
    act(() => {
      settled = openStepUpPrompt(['totp']);
    });
    expect(await screen.findByRole('dialog', { name: "Confirm it's you" })).toBeTruthy();
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(settled).rejects.toThrow('Confirmation cancelled');
  });

  it('draws every page with the dark theme when chosen in this browser, and back', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    render(<App />);
    const page = await screen.findByText('page');
    expect(page.dataset.background).toBe('#141414');
    act(() => chooseDark(false));
    expect(page.dataset.background).toBe('#ffffff');
    localStorage.removeItem(THEME_STORAGE_KEY);
  });
});
