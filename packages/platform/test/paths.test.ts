import { describe, expect, it } from 'vitest';
import { resolveApiPath } from '../src';

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
