import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type MockAdapter from 'axios-mock-adapter';
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { PASSKEY_MESSAGES, useAuthStore } from '../src';
import { admin, authHeader, ok, setup, storeSession } from './helpers';

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(),
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

let mock: MockAdapter;
const store = () => useAuthStore.getState();
const tokens = { accessToken: 'acc-1', refreshToken: 'ref-1' };
const requestOptions = { challenge: 'c2lnbi1pbg', rpId: 'localhost', userVerification: 'required' };
const creationOptions = {
  challenge: 'ZW5yb2w',
  rp: { id: 'localhost', name: 'Manager' },
  user: { id: 'dQ', name: 'admin', displayName: 'admin' },
};
const assertion = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { signature: 'sig' },
  clientExtensionResults: {},
};
const attestation = {
  id: 'cred-2',
  rawId: 'cred-2',
  type: 'public-key',
  response: { attestationObject: 'att' },
  clientExtensionResults: {},
};

/** What the browser throws when the person closes its prompt or lets it time out. */
const notAllowed = () =>
  Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
const posted = () =>
  mock.history.post!.map((r) => [r.url, JSON.parse((r.data as string | undefined) ?? 'null') as unknown]);

beforeEach(() => {
  ({ mock } = setup());
  vi.clearAllMocks();
  vi.mocked(browserSupportsWebAuthn).mockReturnValue(true);
  vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
  vi.mocked(startRegistration).mockResolvedValue(attestation as never);
});
afterEach(() => mock.restore());

describe('login keeps the second factors the server names', () => {
  it.each([
    [
      ['totp', 'passkey'],
      ['totp', 'passkey'],
    ],
    [['passkey'], ['passkey']],
    [undefined, ['totp']],
  ])('methods %j -> %j', async (methods, kept) => {
    mock
      .onPost('/auth/login')
      .reply(200, ok({ requires2FA: true, adminId: 7, tempToken: 'tmp', ...(methods ? { methods } : {}) }));
    await expect(store().login('admin', 'pw')).resolves.toEqual({ status: '2fa' });
    expect(store().twoFactor).toEqual({ adminId: 7, tempToken: 'tmp', methods: kept });
  });
});

describe('verifyWithPasskey (second factor at sign-in)', () => {
  beforeEach(() =>
    useAuthStore.setState({ twoFactor: { adminId: 7, tempToken: 'tmp', methods: ['passkey'] } }),
  );

  it('options for this sign-in, the browser signs them, the server checks: signed in', async () => {
    storeSession('stale-access');
    mock.onPost('/auth/2fa/passkey/options').reply(200, ok(requestOptions));
    mock.onPost('/auth/2fa/passkey').reply(200, ok({ tokens, admin }));
    await expect(store().verifyWithPasskey()).resolves.toEqual({ status: 'ok' });
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: requestOptions });
    expect(posted()).toEqual([
      ['/auth/2fa/passkey/options', { adminId: 7, tempToken: 'tmp' }],
      ['/auth/2fa/passkey', { adminId: 7, tempToken: 'tmp', response: assertion }],
    ]);
    // Calls made before a session exists never carry a stored bearer.
    for (const request of mock.history.post!) expect(authHeader(request)).toBeUndefined();
    expect(store()).toMatchObject({ isAuthenticated: true, twoFactor: null, admin });
    expect(localStorage.getItem('accessToken')).toBe('acc-1');
  });

  it('a cancelled prompt says so, sends nothing more and keeps the challenge for another try', async () => {
    mock.onPost('/auth/2fa/passkey/options').reply(200, ok(requestOptions));
    vi.mocked(startAuthentication).mockRejectedValue(notAllowed());
    await expect(store().verifyWithPasskey()).resolves.toEqual({
      status: 'error',
      message: PASSKEY_MESSAGES.cancelled,
    });
    expect(posted().map(([url]) => url)).toEqual(['/auth/2fa/passkey/options']);
    expect(store()).toMatchObject({ isAuthenticated: false, twoFactor: { adminId: 7 } });
  });

  it('a browser without WebAuthn is told so before any prompt', async () => {
    mock.onPost('/auth/2fa/passkey/options').reply(200, ok(requestOptions));
    vi.mocked(browserSupportsWebAuthn).mockReturnValue(false);
    await expect(store().verifyWithPasskey()).resolves.toEqual({
      status: 'error',
      message: PASSKEY_MESSAGES.unsupported,
    });
    expect(startAuthentication).not.toHaveBeenCalled();
  });

  it.each([
    [401, { code: 401, message: 'Invalid passkey' }, 'Invalid passkey'],
    [400, {}, 'The passkey was not accepted. Please try again.'],
  ])('refused (%s %j) -> %s, without a token refresh', async (status, body, message) => {
    storeSession();
    mock.onPost('/auth/2fa/passkey/options').reply(200, ok(requestOptions));
    mock.onPost('/auth/2fa/passkey').reply(status, body);
    await expect(store().verifyWithPasskey()).resolves.toEqual({ status: 'error', message });
    expect(posted().map(([url]) => url)).toEqual(['/auth/2fa/passkey/options', '/auth/2fa/passkey']);
    expect(store().twoFactor).not.toBeNull();
  });

  it.each([
    [
      'the server message',
      (m: MockAdapter) =>
        m
          .onPost('/auth/2fa/passkey/options')
          .reply(401, { code: 401, message: 'Sign-in has expired. Please sign in again.' }),
      'Sign-in has expired. Please sign in again.',
    ],
    [
      'options of the wrong shape',
      (m: MockAdapter) => m.onPost('/auth/2fa/passkey/options').reply(200, ok({ nope: true })),
      'Verification failed. Please try again.',
    ],
    [
      'no answer',
      (m: MockAdapter) => m.onPost('/auth/2fa/passkey/options').networkError(),
      'Verification failed. Please try again.',
    ],
  ])('options that fail (%s) never open the prompt', async (_, serve, message) => {
    serve(mock);
    await expect(store().verifyWithPasskey()).resolves.toEqual({ status: 'error', message });
    expect(startAuthentication).not.toHaveBeenCalled();
  });
});

describe('enrolWithPasskey (two-factor required, none set up)', () => {
  beforeEach(() => useAuthStore.setState({ enrolment: { adminId: 7, tempToken: 'tmp' } }));

  it('options for this enrolment, the browser creates the passkey, the server keeps it: signed in', async () => {
    mock.onPost('/auth/2fa/enrol/passkey/options').reply(200, ok(creationOptions));
    mock.onPost('/auth/2fa/enrol/passkey').reply(200, ok({ tokens, admin }));
    await expect(store().enrolWithPasskey('  Laptop  ')).resolves.toEqual({ status: 'ok' });
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: creationOptions });
    expect(posted()).toEqual([
      ['/auth/2fa/enrol/passkey/options', { adminId: 7, tempToken: 'tmp' }],
      ['/auth/2fa/enrol/passkey', { adminId: 7, tempToken: 'tmp', name: 'Laptop', response: attestation }],
    ]);
    expect(store()).toMatchObject({ isAuthenticated: true, enrolment: null });
  });

  it.each([
    [notAllowed(), PASSKEY_MESSAGES.cancelled],
    [Object.assign(new Error('already'), { name: 'InvalidStateError' }), PASSKEY_MESSAGES.alreadyRegistered],
    [new Error('boom'), `${PASSKEY_MESSAGES.failed} boom`],
  ])('a ceremony that throws %s shows a message and keeps the enrolment', async (error, message) => {
    mock.onPost('/auth/2fa/enrol/passkey/options').reply(200, ok(creationOptions));
    vi.mocked(startRegistration).mockRejectedValue(error);
    await expect(store().enrolWithPasskey('Laptop')).resolves.toEqual({ status: 'error', message });
    expect(posted().map(([url]) => url)).toEqual(['/auth/2fa/enrol/passkey/options']);
    expect(store()).toMatchObject({ isAuthenticated: false, enrolment: { adminId: 7, tempToken: 'tmp' } });
  });

  it('a refusal shows the server message; no answer shows the failure text', async () => {
    mock.onPost('/auth/2fa/enrol/passkey/options').reply(200, ok(creationOptions));
    mock
      .onPost('/auth/2fa/enrol/passkey')
      .replyOnce(400, { code: 400, message: 'Passkey verification failed' });
    await expect(store().enrolWithPasskey('Laptop')).resolves.toEqual({
      status: 'error',
      message: 'Passkey verification failed',
    });
    mock.onPost('/auth/2fa/enrol/passkey').networkErrorOnce();
    await expect(store().enrolWithPasskey('Laptop')).resolves.toEqual({
      status: 'error',
      message: 'Failed to add the passkey. Please try again.',
    });
  });

  it('without a challenge nothing is sent', async () => {
    useAuthStore.setState({ enrolment: null });
    await expect(store().enrolWithPasskey('Laptop')).resolves.toMatchObject({ status: 'error' });
    expect(mock.history.post).toHaveLength(0);
  });
});
