import * as auth from '../schemas/auth.ts';
import * as stepUp from '../schemas/step-up.ts';
import * as pk from '../schemas/passkeys.ts';
import { SELF } from '../permissions.ts';
import { call, GET, POST, DELETE } from './call.ts';

/** Sign-in, the admin's own profile, sessions and second factors, step-up and passkeys. Part of `calls` (../calls.ts). */
export const authCalls = {
  // authentication
  login: call({
    method: POST,
    path: '/auth/login',
    auth: false,
    body: auth.loginRequestSchema,
    response: auth.loginResponseSchema,
  }),
  verify2fa: call({
    method: POST,
    path: '/auth/2fa/verify',
    auth: false,
    body: auth.verify2faRequestSchema,
    response: auth.verify2faResponseSchema,
  }),
  profile: call({
    method: GET,
    permission: SELF,
    path: '/auth/profile',
    response: auth.profileResponseSchema,
  }),
  refreshToken: call({
    method: POST,
    path: '/auth/refresh-token',
    auth: false,
    body: auth.refreshTokenRequestSchema,
    response: auth.refreshTokenResponseSchema,
  }),
  logout: call({ method: POST, permission: SELF, path: '/auth/logout' }),
  enrol2faSetup: call({
    method: POST,
    path: '/auth/2fa/enrol/setup',
    auth: false,
    body: auth.enrol2faSetupRequestSchema,
    response: auth.twoFactorSetupResponseSchema,
  }),
  enrol2fa: call({
    method: POST,
    path: '/auth/2fa/enrol',
    auth: false,
    body: auth.enrol2faRequestSchema,
    response: auth.verify2faResponseSchema,
  }),
  twoFactorSetup: call({
    method: GET,
    permission: SELF,
    path: '/auth/2fa/setup',
    response: auth.twoFactorSetupResponseSchema,
  }),
  enable2fa: call({
    method: POST,
    permission: SELF,
    path: '/auth/2fa/enable',
    body: auth.enable2faRequestSchema,
  }),
  disable2fa: call({
    method: POST,
    permission: SELF,
    path: '/auth/2fa/disable',
    body: auth.disable2faRequestSchema,
  }),
  backupCodes: call({
    method: POST,
    permission: SELF,
    path: '/auth/2fa/backup-codes',
    body: auth.backupCodesRequestSchema,
    response: auth.backupCodesResponseSchema,
  }),
  sessions: call({
    method: GET,
    permission: SELF,
    path: '/auth/sessions',
    response: auth.sessionsResponseSchema,
  }),
  endSession: call({
    method: DELETE,
    permission: SELF,
    path: '/auth/sessions/:id',
    params: auth.sessionIdParamSchema,
  }),
  endOtherSessions: call({
    method: POST,
    permission: SELF,
    path: '/auth/sessions/end-others',
    response: auth.endOtherSessionsResponseSchema,
  }),
  // step-up (a fresh second factor before money moves) and passkeys
  stepUpStatus: call({
    method: GET,
    permission: SELF,
    path: '/auth/step-up',
    response: stepUp.stepUpStatusResponseSchema,
  }),
  stepUp: call({
    method: POST,
    permission: SELF,
    path: '/auth/step-up',
    body: stepUp.stepUpRequestSchema,
    response: stepUp.stepUpResponseSchema,
  }),
  stepUpPasskeyOptions: call({
    method: POST,
    permission: SELF,
    path: '/auth/step-up/passkey/options',
    response: pk.passkeyOptionsSchema,
  }),
  stepUpPasskey: call({
    method: POST,
    permission: SELF,
    path: '/auth/step-up/passkey',
    body: pk.stepUpPasskeyRequestSchema,
    response: stepUp.stepUpResponseSchema,
  }),
  passkeys: call({
    method: GET,
    permission: SELF,
    path: '/auth/passkeys',
    response: pk.passkeysResponseSchema,
  }),
  passkeyRegistrationOptions: call({
    method: POST,
    permission: SELF,
    path: '/auth/passkeys/options',
    stepUp: 'always',
    response: pk.passkeyOptionsSchema,
  }),
  addPasskey: call({
    method: POST,
    permission: SELF,
    path: '/auth/passkeys',
    stepUp: 'always',
    body: pk.addPasskeyRequestSchema,
    response: pk.passkeySchema,
  }),
  removePasskey: call({
    method: DELETE,
    permission: SELF,
    path: '/auth/passkeys/:id',
    params: pk.passkeyIdParamSchema,
    stepUp: 'always',
  }),
  signInPasskeyOptions: call({
    method: POST,
    path: '/auth/2fa/passkey/options',
    auth: false,
    body: pk.signInPasskeyOptionsRequestSchema,
    response: pk.passkeyOptionsSchema,
  }),
  verifyPasskey: call({
    method: POST,
    path: '/auth/2fa/passkey',
    auth: false,
    body: pk.verifyPasskeyRequestSchema,
    response: auth.verify2faResponseSchema,
  }),
  enrolPasskeyOptions: call({
    method: POST,
    path: '/auth/2fa/enrol/passkey/options',
    auth: false,
    body: pk.signInPasskeyOptionsRequestSchema,
    response: pk.passkeyOptionsSchema,
  }),
  enrolPasskey: call({
    method: POST,
    path: '/auth/2fa/enrol/passkey',
    auth: false,
    body: pk.enrolPasskeyRequestSchema,
    response: auth.verify2faResponseSchema,
  }),
} as const;
