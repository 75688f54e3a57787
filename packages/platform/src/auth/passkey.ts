import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { passkeyOptionsSchema, SUCCESS_CODE } from '@manager/contract';
import { isApiError, serverMessage } from '../http/errors.ts';

/** What a passkey ceremony that gave no credential says (docs/screens.md#passkeys). */
export const PASSKEY_MESSAGES = {
  cancelled: 'The passkey request was cancelled or timed out. Try again when you are ready.',
  unsupported: 'This browser cannot use passkeys.',
  alreadyRegistered: 'This passkey is already registered for your account.',
  failed: 'The passkey could not be used:',
  optionsFailed: 'Could not start the passkey request. Please try again.',
} as const;

type Reason = 'cancelled' | 'unsupported' | 'registered' | 'failed';

/**
 * A passkey step that ended without a credential: the person cancelled or let the browser's
 * prompt time out (`cancelled`), the browser has no WebAuthn, the authenticator already holds
 * a passkey for this account, or anything else. `message` is the text to show.
 */
export class PasskeyError extends Error {
  override readonly name = 'PasskeyError';
  constructor(
    message: string,
    readonly reason: Reason,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const isPasskeyError = (error: unknown): error is PasskeyError => error instanceof PasskeyError;

/**
 * The browser reports a cancelled or timed-out prompt as NotAllowedError (on purpose: a page
 * must not learn whether the person has a passkey), and @simplewebauthn/browser keeps that
 * name on the error it throws.
 */
function ceremonyError(error: unknown): PasskeyError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return new PasskeyError(PASSKEY_MESSAGES.cancelled, 'cancelled', { cause: error });
  if (name === 'InvalidStateError')
    return new PasskeyError(PASSKEY_MESSAGES.alreadyRegistered, 'registered', { cause: error });
  const detail = error instanceof Error && error.message ? error.message : String(error);
  return new PasskeyError(`${PASSKEY_MESSAGES.failed} ${detail}`, 'failed', { cause: error });
}

type WebAuthn = typeof import('@simplewebauthn/browser');

/** The WebAuthn library loads with the first ceremony: most page loads never start one. */
async function ceremony<T>(run: (webAuthn: WebAuthn) => Promise<T>): Promise<T> {
  const webAuthn = await import('@simplewebauthn/browser');
  if (!webAuthn.browserSupportsWebAuthn())
    throw new PasskeyError(PASSKEY_MESSAGES.unsupported, 'unsupported');
  try {
    return await run(webAuthn);
  } catch (error) {
    throw ceremonyError(error);
  }
}

/** Asks the browser to create a passkey for the server's registration options. */
export const createPasskey = (options: unknown): Promise<RegistrationResponseJSON> =>
  ceremony(({ startRegistration }) =>
    startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON }),
  );

/** Asks the browser to sign the server's challenge with one of the account's passkeys. */
export const assertPasskey = (options: unknown): Promise<AuthenticationResponseJSON> =>
  ceremony(({ startAuthentication }) =>
    startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON }),
  );

/**
 * The `data` of a passkey options call (`send`), checked to be ceremony options. A failure
 * rejects with an Error of the server's message, else `fallback`.
 */
export async function passkeyOptions(
  send: () => Promise<{ code?: unknown; data?: unknown } | undefined>,
  fallback: string = PASSKEY_MESSAGES.optionsFailed,
): Promise<unknown> {
  let body;
  try {
    body = await send();
  } catch (error) {
    const message = isApiError(error) && error.status !== undefined ? serverMessage(error.data) : undefined;
    throw new Error(message ?? fallback, { cause: error });
  }
  const parsed = passkeyOptionsSchema.safeParse(body?.data);
  if (body?.code !== SUCCESS_CODE || !parsed.success)
    throw new Error((body?.code !== SUCCESS_CODE && serverMessage(body)) || fallback);
  return parsed.data;
}
