import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginRoute } from './login-route';

// Stands for the sign-in page while its on-demand antd chunk cannot be downloaded.
let offline = true;
vi.mock('./login-page', () => ({
  LoginPage: () => {
    if (offline) throw new Error('Failed to fetch dynamically imported module');
    return <p>sign-in form</p>;
  },
}));

describe('LoginRoute', () => {
  it('a failed download shows an error with Retry instead of a blank page; Retry renders the form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<LoginRoute />);
    expect(await screen.findByText('The sign-in form could not be loaded')).toBeTruthy();
    offline = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('sign-in form')).toBeTruthy();
  });
});
