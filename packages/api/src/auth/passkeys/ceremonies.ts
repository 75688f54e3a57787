import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyOptions } from '@manager/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AdminRow, PasskeyRow } from '../../db/schema/auth';
import {
  claimPasskeyChallenge,
  findPasskey,
  listPasskeys,
  storePasskeyChallenge,
  type CeremonyOwner,
  type NewPasskey,
} from './passkey-repository';

/*
 * The WebAuthn ceremonies, through @simplewebauthn/server. Every ceremony requires user
 * verification (a PIN or a biometric on the authenticator): a passkey is then a second factor
 * on its own. The relying party is config.webauthn: the id the credentials are bound to, and
 * the console origins a response may come from. Options are kept as a challenge of their
 * owner (passkey-repository.ts), which the response uses up.
 */

type WebAuthn = Config['webauthn'];

const bytes = (base64url: string) => new Uint8Array(Buffer.from(base64url, 'base64url'));

/**
 * The admin's user handle: stable, so a second passkey on one authenticator never replaces the
 * first, and no name or address in it.
 */
const userHandle = (adminId: number) => new TextEncoder().encode(`admin:${adminId}`);

/** Options for navigator.credentials.create(); the admin's passkeys are excluded (no second copy). */
export async function registrationOptions(
  db: Db,
  webauthn: WebAuthn,
  admin: AdminRow,
  owner: CeremonyOwner,
  now: Date,
): Promise<PasskeyOptions> {
  const existing = await listPasskeys(db, admin.id);
  const options = await generateRegistrationOptions({
    rpName: webauthn.rpName,
    rpID: webauthn.rpId,
    userName: admin.username,
    userID: userHandle(admin.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  await storePasskeyChallenge(db, owner, options.challenge, now);
  return options as unknown as PasskeyOptions;
}

/**
 * The credential a registration response proves, or null (with why, for the logs) when it does
 * not verify: the owner's challenge, an allowed origin, the relying party's id, user presence
 * and verification, a supported key.
 */
export async function verifyRegistration(
  db: Db,
  webauthn: WebAuthn,
  owner: CeremonyOwner,
  response: unknown,
  now: Date,
): Promise<{ ok: true; passkey: Omit<NewPasskey, 'name'> } | { ok: false; problem: string }> {
  try {
    const verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: (challenge) => claimPasskeyChallenge(db, owner, challenge, now),
      expectedOrigin: webauthn.origins,
      expectedRPID: webauthn.rpId,
      requireUserPresence: true,
      requireUserVerification: true,
    });
    if (!verified.verified) return { ok: false, problem: 'not verified' };
    const { credential } = verified.registrationInfo;
    return {
      ok: true,
      passkey: {
        adminId: owner.adminId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
      },
    };
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  }
}

/** Options for navigator.credentials.get(), naming the admin's passkeys. */
export async function authenticationOptions(
  db: Db,
  webauthn: WebAuthn,
  passkeys: PasskeyRow[],
  owner: CeremonyOwner,
  now: Date,
): Promise<PasskeyOptions> {
  const options = await generateAuthenticationOptions({
    rpID: webauthn.rpId,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
    userVerification: 'required',
  });
  await storePasskeyChallenge(db, owner, options.challenge, now);
  return options as unknown as PasskeyOptions;
}

/** Why an assertion was refused, for the audit row: no such passkey of this admin, or it did not verify. */
export type AssertionProblem = 'unknown_passkey' | 'not_verified';

/**
 * Checks an assertion of one of the owner's admin's passkeys: the owner's challenge (used up
 * here), an allowed origin, the relying party, user verification, the signature with the stored
 * key, and a counter that grew. The caller records the use (`recordPasskeyUse`) in the
 * transaction it opens, so a counter raced past meanwhile still refuses.
 */
export async function verifyAssertion(
  db: Db,
  webauthn: WebAuthn,
  owner: CeremonyOwner,
  response: { id: string },
  now: Date,
): Promise<
  | { ok: true; passkey: PasskeyRow; newCounter: number }
  | { ok: false; problem: AssertionProblem; detail?: string }
> {
  const passkey = await findPasskey(db, owner.adminId, response.id);
  if (!passkey) return { ok: false, problem: 'unknown_passkey' };
  try {
    const verified = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: (challenge) => claimPasskeyChallenge(db, owner, challenge, now),
      expectedOrigin: webauthn.origins,
      expectedRPID: webauthn.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: bytes(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
    if (!verified.verified) return { ok: false, problem: 'not_verified' };
    return { ok: true, passkey, newCounter: verified.authenticationInfo.newCounter };
  } catch (error) {
    return {
      ok: false,
      problem: 'not_verified',
      detail: error instanceof Error ? error.message : String(error),
    };
  }
}
