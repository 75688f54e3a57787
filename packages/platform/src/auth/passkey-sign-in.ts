import { calls, SUCCESS_CODE, verify2faResponseSchema, type Admin, type Tokens } from '@manager/contract';
import { http } from '../http/client.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { assertPasskey, createPasskey, passkeyOptions } from './passkey.ts';
import { failure, refusal, type AuthError, type EnrolmentChallenge } from './results.ts';

type Outcome = { status: 'ok'; tokens: Tokens; admin: Admin } | AuthError;

interface Step {
  optionsPath: string;
  verifyPath: string;
  ceremony: (options: unknown) => Promise<unknown>;
  /** Sent beside the challenge and the browser's response (the new passkey's name). */
  extra?: Record<string, unknown>;
  /** `refused`: the server said no without a reason; `failed`: no answer came. */
  refused: string;
  failed: string;
}

/**
 * A passkey step of the sign-in: the server's options for this sign-in (the temp token says
 * whose), the browser's ceremony, then the server's check, which answers the session. A
 * cancelled prompt, like a refusal, leaves the challenge for another try.
 */
async function passkeyStep(challenge: EnrolmentChallenge, step: Step): Promise<Outcome> {
  let response;
  try {
    const options = await passkeyOptions(() => http.post(step.optionsPath, challenge), step.failed);
    response = await step.ceremony(options);
  } catch (error) {
    return { status: 'error', message: error instanceof Error ? error.message : step.failed };
  }
  let body;
  try {
    body = await http.post(step.verifyPath, { ...challenge, ...step.extra, response });
  } catch (error) {
    return failure(error, step.refused, step.failed);
  }
  const parsed = verify2faResponseSchema.safeParse(body?.data);
  if (body?.code !== SUCCESS_CODE || !parsed.success) return refusal(body, step.refused);
  return { status: 'ok', ...parsed.data };
}

/** POST /auth/2fa/passkey/options, the browser's assertion, POST /auth/2fa/passkey. */
export const signInWithPasskey = (challenge: EnrolmentChallenge) =>
  passkeyStep(challenge, {
    optionsPath: calls.signInPasskeyOptions.path,
    verifyPath: calls.verifyPasskey.path,
    ceremony: assertPasskey,
    refused: AUTH_MESSAGES.passkeyRefused,
    failed: AUTH_MESSAGES.verificationFailed,
  });

/** POST /auth/2fa/enrol/passkey/options, the browser's new passkey, POST /auth/2fa/enrol/passkey. */
export const enrolWithPasskey = (challenge: EnrolmentChallenge, name: string) =>
  passkeyStep(challenge, {
    optionsPath: calls.enrolPasskeyOptions.path,
    verifyPath: calls.enrolPasskey.path,
    ceremony: createPasskey,
    extra: { name: name.trim() },
    refused: AUTH_MESSAGES.passkeyRefused,
    failed: AUTH_MESSAGES.passkeyEnrolFailed,
  });
