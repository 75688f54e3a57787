import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type MockAdapter from 'axios-mock-adapter';
import { queryClient, recentPlayers, rememberPlayer, resource, sessionUsername, useAuthStore } from '../src';
import { emitSessionEvent } from '../src/auth/session-events';
import { admin, authHeader, ok, setup, storeSession } from './helpers';

let mock: MockAdapter;
let navigate: Mock<(path: string) => void>;
const store = () => useAuthStore.getState();
const tokens = { accessToken: 'acc-1', refreshToken: 'ref-1' };

beforeEach(() => ({ mock, navigate } = setup()));
afterEach(() => mock.restore());

describe('login', () => {
  it('ok: stores tokens and admin, authenticates', async () => {
    mock.onPost('/auth/login').reply(200, ok({ requires2FA: false, tokens, admin }));
    await expect(store().login('admin', 'admin12345')).resolves.toEqual({ status: 'ok' });
    expect(JSON.parse(mock.history.post![0]!.data as string)).toEqual({
      identifier: 'admin',
      password: 'admin12345',
    });
    expect(localStorage.getItem('accessToken')).toBe('acc-1');
    expect(localStorage.getItem('refreshToken')).toBe('ref-1');
    expect(JSON.parse(localStorage.getItem('adminData')!)).toEqual(admin);
    expect(store()).toMatchObject({ isAuthenticated: true, admin, twoFactor: null });
  });

  it('2fa: keeps adminId and tempToken, stores nothing', async () => {
    mock.onPost('/auth/login').reply(200, ok({ requires2FA: true, adminId: 7, tempToken: 'tmp' }));
    await expect(store().login('admin2fa', 'pw')).resolves.toEqual({ status: '2fa' });
    expect(store().twoFactor).toEqual({ adminId: 7, tempToken: 'tmp', methods: ['totp'] });
    expect(store().isAuthenticated).toBe(false);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it.each([
    [401, { code: 401, message: 'Invalid credentials' }, 'Invalid credentials'],
    [401, {}, 'Login failed'],
    [200, { code: 400, message: 'Account locked' }, 'Account locked'],
    [200, { code: 500 }, 'Login failed'],
    [200, { code: 200, message: 'Success', data: { requires2FA: false } }, 'Login failed'],
  ])('error: HTTP %s %j -> %s', async (status, body, message) => {
    mock.onPost('/auth/login').reply(status, body);
    await expect(store().login('a', 'b')).resolves.toEqual({ status: 'error', message });
    expect(store().isAuthenticated).toBe(false);
  });

  it('network failure -> Network error. Please try again.', async () => {
    mock.onPost('/auth/login').networkError();
    await expect(store().login('a', 'b')).resolves.toEqual({
      status: 'error',
      message: 'Network error. Please try again.',
    });
  });
});

describe('two-factor verification', () => {
  beforeEach(() => useAuthStore.setState({ twoFactor: { adminId: 7, tempToken: 'tmp', methods: ['totp'] } }));

  it('ok: sends adminId, token, tempToken; stores the session and clears the challenge', async () => {
    mock.onPost('/auth/2fa/verify').reply(200, ok({ tokens, admin }));
    await expect(store().verifyTwoFactor('123456')).resolves.toEqual({ status: 'ok' });
    expect(JSON.parse(mock.history.post![0]!.data as string)).toEqual({
      adminId: 7,
      token: '123456',
      tempToken: 'tmp',
    });
    expect(store()).toMatchObject({ isAuthenticated: true, twoFactor: null, admin });
    expect(localStorage.getItem('accessToken')).toBe('acc-1');
  });

  it.each([
    [{ code: 401, message: 'Code already used' }, 'Code already used'],
    [{ code: 401 }, 'Invalid verification code'],
  ])('failure %j -> %s', async (body, message) => {
    mock.onPost('/auth/2fa/verify').reply(401, body);
    await expect(store().verifyTwoFactor('000000')).resolves.toEqual({ status: 'error', message });
    expect(store().twoFactor).not.toBeNull();
  });

  it('exception -> Verification failed. Please try again.', async () => {
    mock.onPost('/auth/2fa/verify').networkError();
    await expect(store().verifyTwoFactor('123456')).resolves.toEqual({
      status: 'error',
      message: 'Verification failed. Please try again.',
    });
  });

  it('cancel returns to the login form', () => {
    store().cancelTwoFactor();
    expect(store().twoFactor).toBeNull();
  });
});

describe('two-factor enrolment (required, not set up yet)', () => {
  const setupData = {
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    backupCodes: ['AAAA-1111'],
    otpauthUrl: 'otpauth://totp/x',
  };

  it('login: keeps adminId and tempToken for the enrolment, stores nothing', async () => {
    mock
      .onPost('/auth/login')
      .reply(200, ok({ requires2FA: false, requires2FASetup: true, adminId: 7, tempToken: 'tmp' }));
    await expect(store().login('admin', 'pw')).resolves.toEqual({ status: 'enrol' });
    expect(store()).toMatchObject({
      enrolment: { adminId: 7, tempToken: 'tmp' },
      twoFactor: null,
      isAuthenticated: false,
    });
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  describe('with the challenge', () => {
    beforeEach(() => useAuthStore.setState({ enrolment: { adminId: 7, tempToken: 'tmp' } }));

    it('setup: sends the challenge (no bearer), answers the secret and codes', async () => {
      localStorage.setItem('accessToken', 'stale');
      mock.onPost('/auth/2fa/enrol/setup').reply(200, ok(setupData));
      await expect(store().loadEnrolmentSetup()).resolves.toEqual({ status: 'ok', setup: setupData });
      expect(JSON.parse(mock.history.post![0]!.data as string)).toEqual({ adminId: 7, tempToken: 'tmp' });
      expect(authHeader(mock.history.post![0]!)).toBeUndefined();
    });

    it.each([
      [
        'the server message',
        (m: MockAdapter) =>
          m
            .onPost('/auth/2fa/enrol/setup')
            .reply(401, { code: 401, message: 'Sign-in has expired. Please sign in again.' }),
        'Sign-in has expired. Please sign in again.',
      ],
      [
        'Failed to initialize 2FA setup',
        (m: MockAdapter) => m.onPost('/auth/2fa/enrol/setup').reply(200, { code: 500 }),
        'Failed to initialize 2FA setup',
      ],
      [
        'Error setting up 2FA: {message}',
        (m: MockAdapter) => m.onPost('/auth/2fa/enrol/setup').networkError(),
        'Error setting up 2FA: Network Error',
      ],
    ])('setup failure shows %s, and a 401 does not try a refresh', async (_, serve, message) => {
      storeSession();
      serve(mock);
      await expect(store().loadEnrolmentSetup()).resolves.toEqual({ status: 'error', message });
      expect(mock.history.post!.map((r) => r.url)).toEqual(['/auth/2fa/enrol/setup']);
    });

    it('confirm: sends the challenge, secret and code; signs in and clears the challenge', async () => {
      mock.onPost('/auth/2fa/enrol').reply(200, ok({ tokens, admin: { ...admin, twoFactorEnabled: true } }));
      await expect(store().confirmEnrolment('SECRET', ' 123456 ')).resolves.toEqual({ status: 'ok' });
      expect(JSON.parse(mock.history.post![0]!.data as string)).toEqual({
        adminId: 7,
        tempToken: 'tmp',
        secret: 'SECRET',
        token: '123456',
      });
      expect(store()).toMatchObject({
        isAuthenticated: true,
        enrolment: null,
        admin: { twoFactorEnabled: true },
      });
      expect(localStorage.getItem('accessToken')).toBe('acc-1');
    });

    it.each([
      [401, { code: 401, message: 'Invalid verification code' }, 'Invalid verification code'],
      [400, {}, 'Invalid verification code'],
    ])(
      'confirm refused (%s %j) -> %s; the challenge stays for another try',
      async (status, body, message) => {
        mock.onPost('/auth/2fa/enrol').reply(status, body);
        await expect(store().confirmEnrolment('SECRET', '000000')).resolves.toEqual({
          status: 'error',
          message,
        });
        expect(store()).toMatchObject({
          isAuthenticated: false,
          enrolment: { adminId: 7, tempToken: 'tmp' },
        });
      },
    );

    it('confirm exception -> Failed to enable 2FA; cancel returns to the login form', async () => {
      mock.onPost('/auth/2fa/enrol').networkError();
      await expect(store().confirmEnrolment('SECRET', '123456')).resolves.toEqual({
        status: 'error',
        message: 'Failed to enable 2FA',
      });
      store().cancelTwoFactor();
      expect(store().enrolment).toBeNull();
    });
  });
});

describe('logout', () => {
  it.each([
    ['fails', (m: MockAdapter) => m.onPost('/auth/logout').reply(500)],
    ['is unreachable', (m: MockAdapter) => m.onPost('/auth/logout').networkError()],
  ])('clears the four keys even when the server call %s', async (_, serve) => {
    storeSession();
    localStorage.setItem('token', 'legacy');
    useAuthStore.setState({ isAuthenticated: true, admin });
    serve(mock);
    await store().logout();
    expect(authHeader(mock.history.post![0]!)).toBe('Bearer old-access');
    for (const key of ['accessToken', 'refreshToken', 'adminData', 'token'])
      expect(localStorage.getItem(key)).toBeNull();
    expect(store()).toMatchObject({ isAuthenticated: false, admin: null });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('forgets what the console fetched: the next admin in this tab starts from nothing', async () => {
    storeSession();
    useAuthStore.setState({ isAuthenticated: true, admin });
    queryClient.setQueryData(resource('users').list({ page: 1 }), { users: ['of the last admin'] });
    mock.onPost('/auth/logout').reply(200, ok(null));
    await store().logout();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it("forgets the admin's recent players: the next person at this browser is not shown them", async () => {
    storeSession();
    useAuthStore.setState({ isAuthenticated: true, admin });
    rememberPlayer({ telegramId: 42, username: 'anna' });
    expect(recentPlayers()).toHaveLength(1);
    localStorage.setItem('unrelated', 'kept');
    mock.onPost('/auth/logout').reply(200, ok(null));
    await store().logout();
    useAuthStore.setState({ isAuthenticated: true, admin });
    expect(recentPlayers()).toEqual([]);
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });
});

it('an expired session (the refresh failed) forgets what the console fetched too', () => {
  useAuthStore.setState({ isAuthenticated: true, admin });
  queryClient.setQueryData(resource('settings').all(), { technicalMode: true });
  emitSessionEvent({ type: 'expired' });
  expect(store()).toMatchObject({ isAuthenticated: false });
  expect(queryClient.getQueryCache().getAll()).toEqual([]);
});

describe('initialize', () => {
  it('without stored credentials: no call, unauthenticated, loading ends', async () => {
    localStorage.setItem('accessToken', 'only-a-token');
    await store().initialize();
    expect(mock.history.get).toHaveLength(0);
    expect(store()).toMatchObject({ isAuthenticated: false, loading: false });
  });

  it('with stored credentials: fetches the profile and saves the fresh admin', async () => {
    storeSession();
    const fresh = { ...admin, twoFactorEnabled: true };
    mock.onGet('/auth/profile').reply(200, ok({ admin: fresh }));
    await store().initialize();
    expect(store()).toMatchObject({ isAuthenticated: true, loading: false, admin: fresh });
    expect(JSON.parse(localStorage.getItem('adminData')!)).toEqual(fresh);
  });

  it('a 401 refreshes and retries the profile', async () => {
    storeSession();
    mock
      .onGet('/auth/profile')
      .reply((c) => (authHeader(c) === 'Bearer acc-1' ? [200, ok({ admin })] : [401, {}]));
    mock.onPost('/auth/refresh-token').reply(200, ok({ tokens, admin }));
    await store().initialize();
    expect(store()).toMatchObject({ isAuthenticated: true, loading: false });
    expect(localStorage.getItem('accessToken')).toBe('acc-1');
  });

  it.each([
    [
      'a failed refresh',
      (m: MockAdapter) => m.onGet('/auth/profile').reply(401).onPost('/auth/refresh-token').reply(401),
    ],
    ['any other failure', (m: MockAdapter) => m.onGet('/auth/profile').reply(500)],
    ['a network failure', (m: MockAdapter) => m.onGet('/auth/profile').networkError()],
  ])('%s logs out and sends to /login once', async (_, serve) => {
    storeSession();
    serve(mock);
    await store().initialize();
    expect(store()).toMatchObject({ isAuthenticated: false, loading: false, admin: null });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('while the stored session is checked, sessionUsername names its admin; a refused one names nobody', async () => {
    storeSession();
    localStorage.setItem('adminData', JSON.stringify({ ...admin, username: 'stored' }));
    let answer!: () => void;
    mock.onGet('/auth/profile').reply(() => new Promise((resolve) => (answer = () => resolve([500, {}]))));
    const checking = store().initialize();
    expect(store()).toMatchObject({ loading: true, admin: null });
    expect(sessionUsername()).toBe('stored');
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer();
    await checking;
    expect(sessionUsername()).toBeNull();
    // Unreadable storage is no admin, not an error.
    localStorage.setItem('adminData', '{not json');
    useAuthStore.setState({ loading: true });
    expect(sessionUsername()).toBeNull();
  });

  it('concurrent calls share one profile request', async () => {
    storeSession();
    mock.onGet('/auth/profile').reply(200, ok({ admin }));
    await Promise.all([store().initialize(), store().initialize()]);
    expect(mock.history.get).toHaveLength(1);
  });
});

it('setAdmin updates the state and the stored admin', () => {
  const updated = { ...admin, twoFactorEnabled: true };
  store().setAdmin(updated);
  expect(store().admin).toEqual(updated);
  expect(JSON.parse(localStorage.getItem('adminData')!)).toEqual(updated);
});

describe('logout after the access token expired', () => {
  it('exchanges the refresh token once and revokes the session with the fresh token, storing nothing', async () => {
    storeSession();
    useAuthStore.setState({ isAuthenticated: true, admin });
    mock.onPost('/auth/logout').replyOnce(401, { code: 401, message: 'Unauthorized' });
    mock
      .onPost('/auth/refresh-token')
      .replyOnce(200, ok({ tokens: { accessToken: 'fresh-access', refreshToken: 'fresh-ref' }, admin }));
    mock.onPost('/auth/logout').replyOnce(200, ok(null));
    await store().logout();
    const posts = mock.history.post!;
    expect(posts.map((p) => p.url)).toEqual(['/auth/logout', '/auth/refresh-token', '/auth/logout']);
    expect(authHeader(posts[2]!)).toBe('Bearer fresh-access');
    for (const key of ['accessToken', 'refreshToken', 'adminData'])
      expect(localStorage.getItem(key)).toBeNull();
    expect(store().isAuthenticated).toBe(false);
  });
});
