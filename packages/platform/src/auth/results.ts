import { SUCCESS_CODE } from '@manager/contract';
import { isApiError, serverMessage } from '../http/errors.ts';

/** What a sign-in step ends in: signed in, another step to take, or the text to show. */
export type AuthResult = { status: 'ok' } | { status: '2fa' } | { status: 'enrol' } | AuthError;
export type AuthError = { status: 'error'; message: string };

/** The second factors a sign-in can ask for. */
export type SecondFactor = 'totp' | 'passkey';

/** The sign-in's temporary proof that the password was right, sent with the second step. */
export type EnrolmentChallenge = { adminId: number; tempToken: string };
export type TwoFactorChallenge = EnrolmentChallenge & { methods: SecondFactor[] };

/** The server's reason for a refusal; a "success" body of the wrong shape has none worth showing. */
export const refusal = (body: { code?: unknown } | undefined, fallback: string): AuthError => ({
  status: 'error',
  message: (body?.code !== SUCCESS_CODE && serverMessage(body)) || fallback,
});

/** An answer with a status is the server speaking; anything else never reached it. */
export function failure(error: unknown, serverFallback: string, exceptionText: string): AuthError {
  if (isApiError(error) && error.status !== undefined) {
    return { status: 'error', message: serverMessage(error.data) ?? serverFallback };
  }
  return { status: 'error', message: exceptionText };
}
