import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@manager/platform';
import { describe, expect, it } from 'vitest';
import { SideMenu } from './side-menu';

function Where() {
  return <output>{useLocation().pathname}</output>;
}

function renderMenu(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <SideMenu />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('SideMenu', () => {
  it('lists the spec menu and opens the group of the current path', () => {
    renderMenu('/shop/orders');
    const nav = screen.getByRole('navigation');
    for (const label of ['Home', 'Users', 'Tasks', 'Marketplace', 'Shop', 'Game', 'Transactions', 'Mailing', 'Tournaments', 'Giveaways', 'Settings']) {
      expect(within(nav).getByText(label, { exact: true })).toBeTruthy();
    }
    // Shop is open (its children are shown), Users is not.
    expect(within(nav).getByRole('menuitem', { name: 'Loot Boxes' })).toBeTruthy();
    expect(within(nav).queryByRole('menuitem', { name: 'User List' })).toBeNull();
  });

  it('navigates on click and keeps the user detail under User List', async () => {
    renderMenu('/users/detail/42');
    const nav = screen.getByRole('navigation');
    const userList = within(nav).getByRole('menuitem', { name: 'User List' });
    expect(userList.className).toContain('selected');
    await userEvent.click(within(nav).getByRole('menuitem', { name: 'Settings' }));
    expect(screen.getByRole('status').textContent).toBe('/settings');
  });
});
