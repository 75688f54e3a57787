import { z } from 'zod';
import { BACKUP_CODE_MAX_LENGTH, TOTP_DIGITS } from '../constants.ts';
import { STORABLE_TEXT_MESSAGE, isStorableText, rowIdSchema, text } from './common.ts';

/** The signed-in administrator, as returned in `data.admin` and stored as `adminData`. */
export const adminSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable().optional(),
  twoFactorEnabled: z.boolean(),
});
export type Admin = z.infer<typeof adminSchema>;

const tokensSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
});
export type Tokens = z.infer<typeof tokensSchema>;

const TOTP_MESSAGE = `Please enter a ${TOTP_DIGITS}-digit code`;
const totpCode = z
  .string()
  .max(TOTP_DIGITS, { error: TOTP_MESSAGE, abort: true })
  .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), TOTP_MESSAGE);
/** Either a 6-digit authenticator code or a backup code XXXX-XXXX (at most 9 characters). */
const secondFactorCode = text.trim().min(1, 'Please enter a code').max(BACKUP_CODE_MAX_LENGTH);

/** The admin's password, asked again before a two-factor change (missing: the same text). */
const password = z
  .string({ error: 'Please enter your password' })
  .min(1, 'Please enter your password')
  .max(200)
  .refine(isStorableText, STORABLE_TEXT_MESSAGE);
/** A current authenticator code (a backup code is not enough to change two-factor). */
const twoFactorCode = z
  .string({ error: 'Please enter your 2FA code' })
  .min(1, 'Please enter your 2FA code')
  .max(TOTP_DIGITS, { error: `2FA code must be ${TOTP_DIGITS} digits`, abort: true })
  .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), `2FA code must be ${TOTP_DIGITS} digits`);

/* POST /auth/login */
export const loginRequestSchema = z.object({
  identifier: text.trim().min(1, 'Username or Email is required').max(254),
  password: text.min(1, 'Password is required').max(200),
});

/**
 * Signed in (`tokens` + `admin`); or a second factor is required (`requires2FA: true`,
 * `adminId` + `tempToken` for /auth/2fa/verify); or two-factor must be set up before any
 * session (`requires2FASetup: true`, `adminId` + `tempToken` for /auth/2fa/enrol/*).
 */
export const loginResponseSchema = z.object({
  requires2FA: z.boolean(),
  /** With `requires2FA`: the second factors this admin has (an authenticator, passkeys). */
  methods: z.array(z.enum(['totp', 'passkey'])).optional(),
  requires2FASetup: z.boolean().optional(),
  adminId: z.number().int().optional(),
  tempToken: z.string().optional(),
  tokens: tokensSchema.optional(),
  admin: adminSchema.optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/* POST /auth/2fa/verify: `token` is the authenticator or backup code. */
export const verify2faRequestSchema = z.object({
  adminId: rowIdSchema,
  token: secondFactorCode,
  tempToken: text.min(1).max(2048),
});

export const verify2faResponseSchema = z.object({ tokens: tokensSchema, admin: adminSchema });

/** A role the admin holds (`permissions.ts`): a built-in one's id (`owner`) or a custom one's. */
export const adminRoleSchema = z.object({ id: z.string(), name: z.string() });
export type AdminRole = z.infer<typeof adminRoleSchema>;

/*
 * GET /auth/profile: the admin, with the roles they hold and the union of their permissions
 * (catalogue names; one this build does not know is kept as sent). Both are absent from an API
 * that predates roles, where every admin may do everything.
 */
export const profileResponseSchema = z.object({
  admin: adminSchema,
  roles: z.array(adminRoleSchema).optional(),
  permissions: z.array(z.string()).optional(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** A refresh token is 43 characters (32 random bytes, base64url); the bound leaves room for a longer form. */
const REFRESH_TOKEN_MAX = 256;
/** An authenticator secret as the setup gave it: 32 base32 characters (160 bits), with room for longer ones. */
const totpSecret = text.min(1).max(128);

/* POST /auth/refresh-token: a new pair, since refresh tokens rotate on every use. */
export const refreshTokenRequestSchema = z.object({ refreshToken: text.min(1).max(REFRESH_TOKEN_MAX) });

export const refreshTokenResponseSchema = z.object({ tokens: tokensSchema, admin: adminSchema });
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponseSchema>;

/* GET /auth/2fa/setup */
export const twoFactorSetupResponseSchema = z.object({
  secret: z.string().min(1),
  backupCodes: z.array(z.string()),
  /** otpauth:// link for the QR code; clients may build it from the secret when absent. */
  otpauthUrl: z.string().optional(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/* POST /auth/2fa/enrol/setup: the sign-in's temp token when two-factor must be set up first. */
export const enrol2faSetupRequestSchema = z.object({
  adminId: rowIdSchema,
  tempToken: text.min(1).max(2048),
});
export type Enrol2faSetupRequest = z.infer<typeof enrol2faSetupRequestSchema>;

/* POST /auth/2fa/enrol: confirms the enrolment with a code of the new secret; answers a session. */
export const enrol2faRequestSchema = z.object({
  adminId: rowIdSchema,
  tempToken: text.min(1).max(2048),
  secret: totpSecret,
  token: totpCode,
});
export type Enrol2faRequest = z.infer<typeof enrol2faRequestSchema>;

/* POST /auth/2fa/enable: the password too, so an access token alone cannot enrol an authenticator. */
export const enable2faRequestSchema = z.object({
  secret: totpSecret,
  token: totpCode,
  backupCodes: z.array(text.max(BACKUP_CODE_MAX_LENGTH)).max(20),
  password,
});
export type Enable2faRequest = z.infer<typeof enable2faRequestSchema>;

/* POST /auth/2fa/disable */
export const disable2faRequestSchema = z.object({ password, twoFactorCode });
export type Disable2faRequest = z.infer<typeof disable2faRequestSchema>;

/* POST /auth/2fa/backup-codes: the password and a current authenticator code. */
export const backupCodesRequestSchema = z.object({ password, twoFactorCode });
export type BackupCodesRequest = z.infer<typeof backupCodesRequestSchema>;

export const backupCodesResponseSchema = z.object({ backupCodes: z.array(z.string()) });
export type BackupCodesResponse = z.infer<typeof backupCodesResponseSchema>;

/* GET /auth/sessions: the signed-in admin's open sessions, newest activity first. */
export const adminSessionSchema = z.object({
  id: z.string(),
  /** From the user agent, e.g. "Chrome 131" and "macOS"; "Unknown" when it says nothing. */
  browser: z.string(),
  system: z.string(),
  ip: z.string().nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  /** The session of the request itself ("This device"). */
  current: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;
export const sessionsResponseSchema = z.object({ sessions: z.array(adminSessionSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

/* DELETE /auth/sessions/:id */
export const sessionIdParamSchema = z.object({ id: z.uuid().max(36) });

/* POST /auth/sessions/end-others */
export const endOtherSessionsResponseSchema = z.object({ ended: z.number().int().min(0) });
export type EndOtherSessionsResponse = z.infer<typeof endOtherSessionsResponseSchema>;
