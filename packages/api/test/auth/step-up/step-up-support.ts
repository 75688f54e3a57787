import { readdirSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { STEP_UP_MESSAGE, STEP_UP_STATUS } from '@manager/contract';
import { stagingDir } from '../../../src/lib/staged-uploads';
import { differences, fingerprint } from '../../support/db-fingerprint';
import { signIn, stepUp, type TestApp } from '../../support/helper';

/**
 * What the step-up tests of rewards, prices, mailings, technical mode and exports share: a
 * session without a step-up (a bare token, as a thief has it), and the check that a refused
 * call answered 428 and changed nothing.
 */

/** A new sign-in of the demo admin, not stepped up. */
export const bareSession = async (t: TestApp) =>
  (await signIn(t, undefined, undefined, { stepUp: false })).accessToken;

/** Confirms `token`'s session with the demo admin's password (no second factor). */
export const confirmSession = (t: TestApp, token: string) => stepUp(t, token, 'password');

/**
 * Sends the request with `token` and expects 428 `Confirm it's you` (the methods: the password)
 * with no table, no stored upload and no staged file changed. The bearer guard may record the session's
 * activity, which is not the call's doing.
 */
export async function expectRefusedWithoutStepUp(
  t: TestApp,
  token: string,
  request: InjectOptions,
): Promise<void> {
  const before = await fingerprint(t);
  const res = await t.call({ ...request, token });
  expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(STEP_UP_STATUS);
  if (request.method !== 'HEAD')
    expect(res.json()).toEqual({
      code: STEP_UP_STATUS,
      message: STEP_UP_MESSAGE,
      data: { stepUp: { methods: ['password'] } },
    });
  const changed = differences(before, await fingerprint(t)).filter(
    (name) => !name.endsWith('.admin_sessions'),
  );
  expect(changed, `${request.method} ${request.url} changed`).toEqual([]);
  expect(readdirSync(stagingDir(t.config.uploadsDir)), 'files left in staging').toEqual([]);
}
