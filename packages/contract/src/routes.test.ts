import { describe, expect, it } from 'vitest';
import { AUDIT_ENTITY_TYPES, auditActionLabel, auditEntityPath, paths } from './index.ts';

describe('auditEntityPath', () => {
  it("opens a player's own page from their telegram id", () => {
    expect(auditEntityPath('user', '5000000123')).toBe('/users/detail/5000000123');
    expect(auditEntityPath('user', null)).toBeNull();
    expect(auditEntityPath('user', '12; drop')).toBeNull();
  });

  it('opens the list screen of other things, and nothing where the console has no screen', () => {
    expect(auditEntityPath('task', '7')).toBe(paths.tasksList);
    expect(auditEntityPath('withdrawal', '3')).toBe(paths.withdrawals);
    expect(auditEntityPath('settings', null)).toBe(paths.settings);
    expect(auditEntityPath('admin', '1')).toBeNull();
    expect(auditEntityPath('something-new', '1')).toBeNull();
  });

  it('gives every path it links to from the route table', () => {
    const known = new Set<string>(Object.values(paths).filter((p) => typeof p === 'string'));
    for (const type of AUDIT_ENTITY_TYPES) {
      const path = auditEntityPath(type, '42');
      expect(path === null || path === paths.userDetail('42') || known.has(path), type).toBe(true);
    }
  });
});

describe('auditActionLabel', () => {
  it('names a known action and shows an unknown one as its code', () => {
    expect(auditActionLabel('user.balances.update')).toBe('Balances changed');
    expect(auditActionLabel('something.new')).toBe('something.new');
    expect(auditActionLabel('toString')).toBe('toString');
  });
});
