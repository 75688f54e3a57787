import { describe, expect, it } from 'vitest';
import { resolveApiPath } from '../src';
import { isCredentialCall } from '../src/http/paths';

describe('resolveApiPath', () => {
  it.each([
    ['/users', '/manager/users'],
    ['users?page=2', '/manager/users?page=2'],
    ['/manager/users', '/manager/users'],
    ['/manager/manager/x', '/manager/x'],
    ['/manager/manager/manager/x', '/manager/x'],
    ['/manager', '/manager'],
    ['/auth/login', '/auth/login'],
    ['/auth/2fa/verify', '/auth/2fa/verify'],
    ['/authors', '/manager/authors'],
    ['/managerial', '/manager/managerial'],
    ['https://elsewhere.test/x', 'https://elsewhere.test/x'],
  ])('%s -> %s', (input, expected) => {
    expect(resolveApiPath(input)).toBe(expected);
  });
});

describe('isCredentialCall (no bearer, no refresh on 401)', () => {
  it.each([
    ['/auth/login', true],
    ['/auth/2fa/verify', true],
    ['/auth/2fa/passkey/options', true],
    ['/auth/2fa/passkey', true],
    ['/auth/2fa/enrol/passkey/options', true],
    ['/auth/2fa/enrol/passkey', true],
    ['/auth/refresh-token', true],
    ['/enrolment/abc_DEF-123', true],
    ['/manager/enrolment/abc_DEF-123', true],
    ['/enrolment/abc/extra', false],
    ['/admins/requests', false],
    ['/auth/passkeys', false],
    ['/auth/step-up/passkey', false],
    ['/auth/profile', false],
  ])('%s -> %s', (path, expected) => {
    expect(isCredentialCall(path)).toBe(expected);
  });
});
