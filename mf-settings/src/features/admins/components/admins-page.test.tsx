import type { AdminRow, RoleDefinition } from '@manager/contract';
import { http, MemoryRouter, useAuthStore } from '@manager/platform';
import { deliverLiveEvent } from '@manager/platform/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render';
import AdminsPage from './admins-page';

const role = (id: string, name: string): RoleDefinition => ({ id, name, builtIn: true, permissions: [] });
const carol = (roles: RoleDefinition[]): AdminRow => ({
  id: 7,
  username: 'carol',
  email: null,
  roles: roles.map(({ id, name }) => ({ id, name })),
  secondFactors: { authenticator: true, passkeys: 0 },
  lastActiveAt: null,
  status: 'active',
  inviteExpiresAt: null,
});
const support = role('support', 'Support');
const finance = role('finance', 'Finance');

let stored: AdminRow[] = [];
beforeEach(() => {
  useAuthStore.setState({ admin: { id: 1, username: 'admin' } as never });
  stored = [carol([support])];
  vi.spyOn(http, 'get').mockImplementation(async (path: string) => ({
    code: 200,
    data: { items: path === '/admins' ? stored : path === '/admins/roles' ? [support, finance] : [] },
  }));
});
afterEach(() => vi.restoreAllMocks());

describe('AdminsPage', { timeout: 30_000 }, () => {
  it("another admin's change of the roles under Change roles: the notice, and Review changes takes it in", async () => {
    const { client } = renderWithQuery(
      <MemoryRouter>
        <AdminsPage />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Change roles of carol' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Change roles of carol')).toBeTruthy();
    // The chosen roles, each a tag titled with the role's name.
    expect(await within(dialog).findByTitle('Support')).toBeTruthy();

    stored = [carol([finance, support])];
    await act(async () =>
      deliverLiveEvent(client, {
        entity: 'admin',
        entityId: '7',
        action: 'admin.roles.changed',
        actor: 'owner2',
      }),
    );
    expect(await within(dialog).findByText('This record changed')).toBeTruthy();
    expect(within(dialog).getByText('Changed by owner2 while you were editing.')).toBeTruthy();
    expect(within(dialog).queryByTitle('Finance')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Review changes' }));
    await waitFor(() => expect(within(dialog).getByTitle('Finance')).toBeTruthy());
    expect(within(dialog).getByTitle('Support')).toBeTruthy();
    const changed = within(dialog).getByRole('list', { name: 'Changed meanwhile' });
    expect(within(changed).getByText('Roles')).toBeTruthy();
  });
});
