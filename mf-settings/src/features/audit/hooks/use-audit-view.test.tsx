import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation } from '@manager/platform';
import { describe, expect, it } from 'vitest';
import { useAuditView } from './use-audit-view';

describe('useAuditView', () => {
  it('two changes before the address renders both land: an Entity ID submitted right after the Entity', () => {
    let location!: ReturnType<typeof useLocation>;
    const { result } = renderHook(
      () => {
        location = useLocation();
        return useAuditView();
      },
      {
        wrapper: ({ children }) => (
          <MemoryRouter initialEntries={['/audit?action=user.balances.update']}>{children}</MemoryRouter>
        ),
      },
    );
    act(() => {
      result.current.setFilters({ entity: 'user' });
      result.current.setFilters({ entityId: '42' });
    });
    const address = new URLSearchParams(location.search);
    expect(Object.fromEntries(address)).toEqual({
      action: 'user.balances.update',
      entity: 'user',
      entityId: '42',
    });
    expect(result.current.view).toMatchObject({ entity: 'user', entityId: '42' });
  });
});
