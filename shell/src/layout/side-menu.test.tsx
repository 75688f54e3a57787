import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from '@manager/platform';
import { describe, expect, it } from 'vitest';
import { SideMenu } from './side-menu';

function Where() {
  return <output>{useLocation().pathname}</output>;
}

/** A link outside the menu (a dashboard's "view all", a deep link). */
function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      go to {to}
    </button>
  );
}

function renderMenu(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <SideMenu />
      <GoTo to="/users/list" />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

/**
 * Every class the menu's sub-menu lists had while `act` ran (a MutationObserver), so a motion
 * is seen even if it ended before the test looks.
 */
async function subMenuClassesDuring(nav: HTMLElement, act: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const note = (node: Node) => {
    if (!(node instanceof Element)) return;
    for (const el of [node, ...Array.from(node.querySelectorAll('ul.ant-menu-sub'))]) {
      if (el.matches('ul.ant-menu-sub')) seen.push(el.className);
    }
  };
  const noteAll = (records: MutationRecord[]) =>
    records.forEach((r) => [r.target, ...Array.from(r.addedNodes)].forEach(note));
  const observer = new MutationObserver(noteAll);
  observer.observe(nav, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  await act();
  noteAll(observer.takeRecords());
  observer.disconnect();
  nav.querySelectorAll('ul.ant-menu-sub').forEach(note);
  return seen;
}

describe('SideMenu', () => {
  it('lists the documented menu and opens the group of the current path', () => {
    renderMenu('/shop/orders');
    const nav = screen.getByRole('navigation');
    const top = [
      'Home',
      'Users',
      'Tasks',
      'Marketplace',
      'Shop',
      'Game',
      'Transactions',
      'Mailing',
      'Tournaments',
      'Giveaways',
      'Settings',
      'Audit Log',
    ];
    for (const label of top) expect(within(nav).getByText(label, { exact: true })).toBeTruthy();
    // In that order: Audit Log right after Settings, at the end.
    const shown = within(nav)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(shown.filter((text) => top.includes(text ?? ''))).toEqual(top);
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
    await userEvent.click(within(nav).getByRole('menuitem', { name: 'Audit Log' }));
    expect(screen.getByRole('status').textContent).toBe('/audit');
    expect(within(nav).getByRole('menuitem', { name: 'Audit Log' }).className).toContain('selected');
  });

  it('opens the group of a page reached from elsewhere at once; a group the admin opens slides', async () => {
    renderMenu('/dashboard');
    const nav = screen.getByRole('navigation');
    expect(within(nav).queryByRole('menuitem', { name: 'User List' })).toBeNull();
    const onNavigation = await subMenuClassesDuring(nav, () =>
      userEvent.click(screen.getByRole('button', { name: 'go to /users/list' })),
    );
    const userList = within(nav).getByRole('menuitem', { name: 'User List' });
    expect(userList.className).toContain('selected');
    // No collapse motion: it would read the list's height while the new page is drawn.
    expect(onNavigation.length).toBeGreaterThan(0);
    expect(onNavigation.filter((c) => c.includes('motion'))).toEqual([]);

    const onClick = await subMenuClassesDuring(nav, () =>
      userEvent.click(within(nav).getByRole('menuitem', { name: 'Shop' })),
    );
    expect(within(nav).getByRole('menuitem', { name: 'Loot Boxes' })).toBeTruthy();
    expect(onClick.some((c) => c.includes('ant-motion-collapse'))).toBe(true);
  });
});
