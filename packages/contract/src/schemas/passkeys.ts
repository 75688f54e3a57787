import { z } from 'zod';
import { idParamSchema, rowIdSchema, text } from './common.ts';

/**
 * Passkeys (WebAuthn, user verification required) as a second factor: at sign-in, at the
 * enrolment two-factor-required sign-in asks for, and for a step-up. The ceremonies' options
 * and responses are the browser's JSON forms (`@simplewebauthn/browser`), passed through: the
 * server checks them with `@simplewebauthn/server`, so the contract bounds only their size.
 */
export const PASSKEY_NAME_MAX = 64;

/** PublicKeyCredentialCreationOptionsJSON / PublicKeyCredentialRequestOptionsJSON. */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string().min(1) });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

/** RegistrationResponseJSON / AuthenticationResponseJSON (at most 64 KiB as JSON). */
const credentialId = z
  .string()
  .min(1)
  .max(1024)
  .regex(/^[A-Za-z0-9_-]+$/, 'Expected a base64url credential id');
export const passkeyCredentialSchema = z
  .looseObject({
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key'),
    response: z.looseObject({}),
  })
  .refine((value) => JSON.stringify(value).length <= 65_536, 'The passkey response is too large')
  .describe(
    "The browser's JSON form of the credential, at most 65,536 characters as JSON (its other fields are checked by the WebAuthn verification)",
  );

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/* GET /auth/passkeys: the signed-in admin's passkeys, newest first. */
export const passkeysResponseSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeysResponse = z.infer<typeof passkeysResponseSchema>;

const passkeyName = text
  .trim()
  .min(1, 'Please enter a name for the passkey')
  .max(PASSKEY_NAME_MAX, `The name must be at most ${PASSKEY_NAME_MAX} characters`);

/* POST /auth/passkeys: registers the credential the last registration options were for (step-up needed). */
export const addPasskeyRequestSchema = z.object({ name: passkeyName, response: passkeyCredentialSchema });
export type AddPasskeyRequest = z.infer<typeof addPasskeyRequestSchema>;

/* DELETE /auth/passkeys/:id (step-up needed) */
export const passkeyIdParamSchema = idParamSchema;

/** The sign-in temp token's fields, as the code calls send them. */
const signInStep = { adminId: rowIdSchema, tempToken: text.min(1).max(2048) };

/* POST /auth/2fa/passkey/options and /auth/2fa/enrol/passkey/options */
export const signInPasskeyOptionsRequestSchema = z.object(signInStep);

/* POST /auth/2fa/passkey: the second factor at sign-in; answers a session as /auth/2fa/verify. */
export const verifyPasskeyRequestSchema = z.object({ ...signInStep, response: passkeyCredentialSchema });

/* POST /auth/2fa/enrol/passkey: a passkey as the second factor two-factor-required sign-in asks for. */
export const enrolPasskeyRequestSchema = z.object({
  ...signInStep,
  name: passkeyName,
  response: passkeyCredentialSchema,
});

/* POST /auth/step-up/passkey: a step-up with a passkey (its options from /auth/step-up/passkey/options). */
export const stepUpPasskeyRequestSchema = z.object({ response: passkeyCredentialSchema });
