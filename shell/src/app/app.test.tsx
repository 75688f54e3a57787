import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openStepUpPrompt } from '@manager/platform/testing';
import { App } from './app';

// The routes are not under test here: the prompt is hosted beside them, on every page.
vi.mock('./app-routes', () => ({ AppRoutes: () => <p>page</p> }));

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
});
