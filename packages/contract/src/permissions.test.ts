import { describe, expect, it } from 'vitest';
import { calls, type CallSpec } from './calls.ts';
import { BUILT_IN_ROLES, PERMISSION_NAMES, permissionsOf, SELF, type Permission } from './permissions.ts';

const entries = Object.entries(calls) as [string, CallSpec][];
const named = (c: CallSpec): Permission[] =>
  c.permission === undefined || c.permission === SELF
    ? []
    : typeof c.permission === 'string'
      ? [c.permission]
      : [...c.permission];

describe('every call names what it needs', () => {
  it('a permission, SELF, or no sign-in at all (auth: false), never nothing', () => {
    const unnamed = entries.filter(([, c]) => c.auth !== false && c.permission === undefined).map(([n]) => n);
    expect(unnamed).toEqual([]);
  });

  it('a call without sign-in names no permission (nobody to hold it)', () => {
    expect(entries.filter(([, c]) => c.auth === false && c.permission !== undefined).map(([n]) => n)).toEqual(
      [],
    );
  });

  it("SELF only on an admin's own /auth calls and inbox; every named permission is in the catalogue", () => {
    for (const [name, c] of entries) {
      if (c.permission === SELF)
        expect(c.path.startsWith('/auth/') || c.path.startsWith('/inbox'), name).toBe(true);
      for (const p of named(c)) expect(PERMISSION_NAMES, name).toContain(p);
    }
  });

  it('every permission of the catalogue gates a call', () => {
    const used = new Set(entries.flatMap(([, c]) => named(c)));
    expect(PERMISSION_NAMES.filter((p) => !used.has(p))).toEqual([]);
  });
});

describe('built-in roles', () => {
  it('Owner holds everything', () => {
    expect([...permissionsOf(['owner'])].sort()).toEqual([...PERMISSION_NAMES].sort());
  });

  it('Auditor reads everything, the audit log too, and changes nothing', () => {
    const auditor = permissionsOf(['auditor']);
    expect([...auditor].every((p) => p.endsWith('.read'))).toBe(true);
    expect(auditor).toContain('audit.read');
    expect(auditor.size).toBe(PERMISSION_NAMES.filter((p) => p.endsWith('.read')).length);
    expect(auditor).not.toContain('pii.reveal');
  });

  it('Support edits no balance and sees no personal data', () => {
    const support = permissionsOf(['support']);
    expect(support).not.toContain('users.balances.edit');
    expect(support).not.toContain('pii.reveal');
    expect([...support].every((p) => p.endsWith('.read'))).toBe(true);
  });

  it('several roles give the union; unknown roles and permissions add nothing', () => {
    const both = permissionsOf(['support', 'content', 'nobody'], ['exports.run', 'no.such']);
    for (const p of [...BUILT_IN_ROLES.support.permissions, ...BUILT_IN_ROLES.content.permissions])
      expect(both).toContain(p);
    expect(both).toContain('exports.run');
    expect(both.size).toBe(
      new Set([...BUILT_IN_ROLES.support.permissions, ...BUILT_IN_ROLES.content.permissions, 'exports.run'])
        .size,
    );
  });
});
