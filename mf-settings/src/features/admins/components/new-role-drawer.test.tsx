import { ApiError, http, toast } from '@manager/platform';
import { grantPermissions } from '@manager/platform/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render';
import { NewRoleDrawer } from './new-role-drawer';

const box = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

afterEach(() => vi.restoreAllMocks());

describe('NewRoleDrawer', { timeout: 60_000 }, () => {
  it('says what is missing and sends nothing; permissions not held are disabled with a note', async () => {
    grantPermissions(['admins.manage', 'users.read', 'tasks.read']);
    const post = vi.spyOn(http, 'post');
    renderWithQuery(<NewRoleDrawer open onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('Please enter a role name')).toBeTruthy();
    expect(screen.getByText('Choose at least one permission')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    expect(box(/See players, their details and balances\s*users\.read$/).disabled).toBe(false);
    expect(box(/See tasks\s*tasks\.read$/).disabled).toBe(false);
    const notHeld = box(/Change a player's balances\s*users\.balances\.edit/);
    expect(notHeld.disabled).toBe(true);
    expect(notHeld.closest('label')!.textContent).toContain('You do not hold this permission');
    expect(box(/Manage administrators and roles/).disabled).toBe(false);
    expect(box(/Download lists as CSV/).disabled).toBe(true);
    // A name of blanks is no name.
    fireEvent.change(screen.getByLabelText('Role name'), { target: { value: '   ' } });
    await userEvent.click(box(/See tasks/));
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('Please enter a role name')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Choose at least one permission')).toBeNull());
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the trimmed name and the chosen permissions, toasts Role created and closes', async () => {
    const role = {
      id: 'c7',
      name: 'Task readers',
      builtIn: false,
      permissions: ['tasks.read', 'users.read'],
    };
    const post = vi.spyOn(http, 'post').mockResolvedValue({ code: 200, data: { role } });
    const success = vi.spyOn(toast, 'success');
    const onClose = vi.fn();
    renderWithQuery(<NewRoleDrawer open onClose={onClose} />);
    fireEvent.change(await screen.findByLabelText('Role name'), { target: { value: '  Task readers ' } });
    await userEvent.click(box(/See tasks\s*tasks\.read$/));
    await userEvent.click(box(/See players, their details and balances/));
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith('/admins/roles', {
      name: 'Task readers',
      permissions: ['tasks.read', 'users.read'],
    });
    expect(success).toHaveBeenCalledWith('Role created');
  });

  it("keeps the panel open and toasts the API's text for a taken name", async () => {
    vi.spyOn(http, 'post').mockRejectedValueOnce(
      new ApiError('Conflict', { status: 409, data: { code: 409, message: 'A role with this name exists' } }),
    );
    const error = vi.spyOn(toast, 'error');
    const onClose = vi.fn();
    renderWithQuery(<NewRoleDrawer open onClose={onClose} />);
    fireEvent.change(await screen.findByLabelText('Role name'), { target: { value: 'Support' } });
    await userEvent.click(box(/See tasks\s*tasks\.read$/));
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('A role with this name exists'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
