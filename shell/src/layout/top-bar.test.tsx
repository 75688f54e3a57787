import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { TopBar } from './top-bar';

describe('TopBar', () => {
  it('has an About entry beside Logout that opens the About dialog', async () => {
    // Signed out: the counters show zeros and poll nothing.
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TopBar />
      </QueryClientProvider>,
    );
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['About', 'Logout']);
    fireEvent.click(screen.getByRole('button', { name: 'About' }));
    const dialog = await screen.findByRole('dialog', { name: 'About' });
    expect(within(dialog).getByRole('region', { name: 'Shell' })).toBeTruthy();
  });
});
