import { z } from 'zod';
import { BACKUP_CODE_MAX_LENGTH } from '../constants.ts';
import { isStorableText, STORABLE_TEXT_MESSAGE, text } from './common.ts';

/**
 * Step-up: withdrawal decisions, balance edits and a change of the settings' rates need a
 * second factor (or, without one, the password) confirmed in this session within the last
 * STEP_UP_WINDOW_MINUTES. Otherwise the API answers STEP_UP_STATUS with `stepUpRequiredSchema`
 * as `data`: neither 401 (which the client answers with a token refresh) nor 403 (access
 * denied). The client confirms with POST /auth/step-up (or the passkey calls) and retries.
 */
export const STEP_UP_STATUS = 428;
export const STEP_UP_WINDOW_MINUTES = 5;
export const STEP_UP_MESSAGE = "Confirm it's you";

/** `totp`: an authenticator or backup code; `passkey`: a WebAuthn assertion; `password`: for an admin without a second factor. */
export const STEP_UP_METHODS = ['totp', 'passkey', 'password'] as const;
export type StepUpMethod = (typeof STEP_UP_METHODS)[number];

export const stepUpRequiredSchema = z.object({
  stepUp: z.object({ methods: z.array(z.enum(STEP_UP_METHODS)).min(1) }),
});
export type StepUpRequired = z.infer<typeof stepUpRequiredSchema>;

/* GET /auth/step-up: how this admin confirms, and until when the last confirmation holds. */
export const stepUpStatusResponseSchema = z.object({
  methods: z.array(z.enum(STEP_UP_METHODS)).min(1),
  /** ISO time; null when this session has no confirmation in the window. */
  validUntil: z.string().nullable(),
});
export type StepUpStatus = z.infer<typeof stepUpStatusResponseSchema>;

/* POST /auth/step-up: with the authenticator (or a backup code), or the password. */
export const stepUpRequestSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('totp'),
    token: text.trim().min(1, 'Please enter a code').max(BACKUP_CODE_MAX_LENGTH),
  }),
  z.object({
    method: z.literal('password'),
    password: z
      .string({ error: 'Please enter your password' })
      .min(1, 'Please enter your password')
      .max(200)
      .refine(isStorableText, STORABLE_TEXT_MESSAGE),
  }),
]);
export type StepUpRequest = z.infer<typeof stepUpRequestSchema>;

export const stepUpResponseSchema = z.object({ validUntil: z.string() });
export type StepUpResponse = z.infer<typeof stepUpResponseSchema>;
