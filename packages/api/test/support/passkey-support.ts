import { expect } from 'vitest';
import type { TestApp } from './helper';
import { SoftAuthenticator, type Tamper } from './soft-authenticator';

/** The console's first origin in the test configuration (CORS_ORIGINS' default), which the relying party accepts. */
export const ORIGIN = 'http://localhost:4173';

export const newAuthenticator = (counting = true) => new SoftAuthenticator(ORIGIN, counting);

type SignInStep = { adminId: number; tempToken: string };

/** The calls of the passkey ceremonies, as the console makes them. */
export function passkeyCalls(t: TestApp) {
  const post = (url: string, payload: object, token?: string) =>
    t.call({ method: 'POST', url, payload, token });
  return {
    registrationOptions: (token: string) => post('/auth/passkeys/options', {}, token),
    add: (token: string, name: string, response: object) => post('/auth/passkeys', { name, response }, token),
    list: (token: string) => t.call({ method: 'GET', url: '/auth/passkeys', token }),
    remove: (token: string, id: number) => t.call({ method: 'DELETE', url: `/auth/passkeys/${id}`, token }),
    signInOptions: (step: SignInStep) => post('/auth/2fa/passkey/options', step),
    verify: (step: SignInStep, response: object) => post('/auth/2fa/passkey', { ...step, response }),
    enrolOptions: (step: SignInStep) => post('/auth/2fa/enrol/passkey/options', step),
    enrol: (step: SignInStep, name: string, response: object) =>
      post('/auth/2fa/enrol/passkey', { ...step, name, response }),
    stepUpOptions: (token: string) => post('/auth/step-up/passkey/options', {}, token),
    stepUp: (token: string, response: object) => post('/auth/step-up/passkey', { response }, token),
  };
}

/** Registers a new passkey of `authenticator` for the session of `token`; answers the stored passkey. */
export async function registerPasskey(
  t: TestApp,
  token: string,
  authenticator: SoftAuthenticator,
  name = 'Laptop',
  tamper: Tamper = {},
) {
  const calls = passkeyCalls(t);
  const options = await calls.registrationOptions(token);
  expect(options.statusCode, options.body).toBe(200);
  const added = await calls.add(token, name, authenticator.register(options.json().data, tamper));
  expect(added.statusCode, added.body).toBe(200);
  return added.json().data as { id: number; name: string; createdAt: string; lastUsedAt: string | null };
}

/** The password step of a sign-in: the temp token, and the second factors the answer names. */
export async function passwordStep(t: TestApp, identifier: string, password: string) {
  const res = await t.call({ method: 'POST', url: '/auth/login', payload: { identifier, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SignInStep & {
    requires2FA: boolean;
    methods?: string[];
    requires2FASetup?: boolean;
  };
}

/** Options, then the assertion of `authenticator` (with `tamper`) for one sign-in step. */
export async function signInWithPasskey(
  t: TestApp,
  step: SignInStep,
  authenticator: SoftAuthenticator,
  tamper: Tamper = {},
) {
  const calls = passkeyCalls(t);
  const options = await calls.signInOptions(step);
  expect(options.statusCode, options.body).toBe(200);
  return calls.verify(step, authenticator.assert(options.json().data, tamper));
}

/** A new session of an admin whose second factor is `authenticator`'s passkey: both steps of the sign-in. */
export async function passkeySession(
  t: TestApp,
  identifier: string,
  password: string,
  authenticator: SoftAuthenticator,
): Promise<string> {
  const res = await signInWithPasskey(t, await passwordStep(t, identifier, password), authenticator);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.tokens.accessToken as string;
}

/** A step-up of the session of `token` with `authenticator`'s passkey; answers the call's reply. */
export async function stepUpWithPasskey(
  t: TestApp,
  token: string,
  authenticator: SoftAuthenticator,
  tamper: Tamper = {},
) {
  const calls = passkeyCalls(t);
  const options = await calls.stepUpOptions(token);
  expect(options.statusCode, options.body).toBe(200);
  return calls.stepUp(token, authenticator.assert(options.json().data, tamper));
}

/** A new session of the admin of `authenticator`, confirmed with it (step-up), so it may add and remove passkeys. */
export async function confirmedPasskeySession(
  t: TestApp,
  identifier: string,
  password: string,
  authenticator: SoftAuthenticator,
): Promise<string> {
  const token = await passkeySession(t, identifier, password, authenticator);
  const confirmed = await stepUpWithPasskey(t, token, authenticator);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return token;
}
