import { create } from 'zustand';
import {
  loginResponseSchema,
  profileResponseSchema,
  SUCCESS_CODE,
  twoFactorSetupResponseSchema,
  verify2faResponseSchema,
  type Admin,
  type AdminRole,
  type Tokens,
  type TwoFactorSetupResponse,
} from '@manager/contract';
import { http } from '../http/client.ts';
import { isApiError, serverMessage } from '../http/errors.ts';
import { redirectToLogin } from '../navigation.ts';
import { queryClient } from '../query.ts';
import { accessFromProfile, type Access } from './access.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { onSessionEvent } from './session-events.ts';
import { enrolWithPasskey, signInWithPasskey } from './passkey-sign-in.ts';
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  hasStoredAdmin,
  saveAdmin,
  saveSession,
  storedUsername,
} from './storage.ts';
import {
  failure,
  refusal,
  type AuthResult,
  type EnrolmentChallenge,
  type SecondFactor,
  type TwoFactorChallenge,
} from './results.ts';

type SetupResult = { status: 'ok'; setup: TwoFactorSetupResponse } | { status: 'error'; message: string };

interface AuthState {
  isAuthenticated: boolean;
  /** True until `initialize` has settled the stored session (the shell shows Loading...). */
  loading: boolean;
  admin: Admin | null;
  /** The roles the admin holds, as the profile last said. */
  roles: readonly AdminRole[];
  /**
   * The admin's permissions as the profile last said (`useCan`); null until it was read, when
   * the console offers nothing a permission guards.
   */
  permissions: ReadonlySet<string> | null;
  /**
   * Reads the profile again (one request at a time): a role changed since the last read shows
   * in the menu and the buttons. Called at a token refresh and at a refusal naming a permission.
   */
  refreshProfile(): Promise<void>;
  /**
   * Set between a password accepted with 2FA required and the second factor being verified,
   * with the factors this admin can use (an authenticator code, a passkey).
   */
  twoFactor: TwoFactorChallenge | null;
  /**
   * Set between a password accepted for an account that must set up two-factor first and the
   * confirmed enrolment, which alone opens the session.
   */
  enrolment: EnrolmentChallenge | null;
  initialize(): Promise<void>;
  login(identifier: string, password: string): Promise<AuthResult>;
  verifyTwoFactor(code: string): Promise<AuthResult>;
  /** The second factor with a passkey: the browser's prompt, then the server's check; signs in. */
  verifyWithPasskey(): Promise<AuthResult>;
  /** A new secret and backup codes for the enrolment (each call replaces the last one's). */
  loadEnrolmentSetup(): Promise<SetupResult>;
  /** Confirms the enrolment with a code of `secret`; signs in on success. */
  confirmEnrolment(secret: string, code: string): Promise<AuthResult>;
  /** Enrols a new passkey named `name` as the second factor; signs in on success. */
  enrolWithPasskey(name: string): Promise<AuthResult>;
  /** Back to the login form from the second-factor or the enrolment step. */
  cancelTwoFactor(): void;
  setAdmin(admin: Admin): void;
  logout(): Promise<void>;
}

const SIGNED_OUT = {
  isAuthenticated: false,
  admin: null,
  roles: [],
  permissions: null,
  twoFactor: null,
  enrolment: null,
} as const;
const LOGOUT_TIMEOUT_MS = 5000;

let initializing: Promise<void> | null = null;
let profileReading: Promise<void> | null = null;

/** The profile's admin and access; null when it could not be read. */
async function readProfile(): Promise<{ admin: Admin; access: Access } | null> {
  try {
    const body = await http.get('/auth/profile');
    const parsed = profileResponseSchema.safeParse(body?.data);
    if (body?.code === SUCCESS_CODE && parsed.success) {
      return { admin: parsed.data.admin, access: accessFromProfile(parsed.data) };
    }
  } catch {
    // the caller decides what an unread profile means
  }
  return null;
}

export const useAuthStore = create<AuthState>()((set, get) => {
  // The profile is read before the session opens, so the first page drawn already shows only
  // what the admin may open; if it cannot be read, `permissions` stays null until a refresh.
  const startSession = async (tokens: Tokens, admin: Admin) => {
    saveSession({ ...tokens, admin });
    const profile = await readProfile();
    set({
      isAuthenticated: true,
      admin: profile?.admin ?? admin,
      roles: profile?.access.roles ?? [],
      permissions: profile?.access.permissions ?? null,
      twoFactor: null,
      enrolment: null,
      loading: false,
    });
  };

  const restoreSession = async () => {
    if (!getAccessToken() || !hasStoredAdmin()) {
      set({ ...SIGNED_OUT, loading: false });
      return;
    }
    set({ loading: true });
    // A 401 here goes through the refresh queue and is retried with the new token.
    const profile = await readProfile();
    if (profile) {
      saveAdmin(profile.admin);
      set({ isAuthenticated: true, admin: profile.admin, ...profile.access, loading: false });
      return;
    }
    // A failed refresh has already cleared storage and redirected; do it only once.
    const stillStored = getAccessToken() !== null;
    clearSession();
    set({ ...SIGNED_OUT, loading: false });
    if (stillStored) redirectToLogin();
    forgetServerData();
  };

  return {
    ...SIGNED_OUT,
    loading: true,

    refreshProfile() {
      profileReading ??= readProfile()
        .then((profile) => {
          if (profile && get().isAuthenticated) {
            saveAdmin(profile.admin);
            set({ admin: profile.admin, ...profile.access });
          }
        })
        .finally(() => {
          profileReading = null;
        });
      return profileReading;
    },

    initialize() {
      // React StrictMode mounts twice; one profile request is enough.
      initializing ??= restoreSession().finally(() => {
        initializing = null;
        set({ loading: false });
      });
      return initializing;
    },

    async login(identifier, password) {
      let body;
      try {
        body = await http.post('/auth/login', { identifier, password });
      } catch (error) {
        return failure(error, AUTH_MESSAGES.loginFailed, AUTH_MESSAGES.loginNetworkError);
      }
      const parsed = loginResponseSchema.safeParse(body?.data);
      const loginError = refusal(body, AUTH_MESSAGES.loginFailed);
      if (body?.code !== SUCCESS_CODE || !parsed.success) return loginError;
      const { requires2FA, requires2FASetup, adminId, tempToken, tokens, admin } = parsed.data;
      if (requires2FA || requires2FASetup) {
        if (adminId === undefined || !tempToken) return loginError;
        if (requires2FA) {
          // An answer without methods comes from a server that knows only authenticator codes.
          const methods: SecondFactor[] = parsed.data.methods?.length ? parsed.data.methods : ['totp'];
          set({ twoFactor: { adminId, tempToken, methods } });
          return { status: '2fa' };
        }
        set({ enrolment: { adminId, tempToken } });
        return { status: 'enrol' };
      }
      if (!tokens || !admin) return loginError;
      await startSession(tokens, admin);
      return { status: 'ok' };
    },

    async verifyTwoFactor(code) {
      const challenge = get().twoFactor;
      if (!challenge) return { status: 'error', message: AUTH_MESSAGES.verificationFailed };
      let body;
      try {
        body = await http.post('/auth/2fa/verify', {
          adminId: challenge.adminId,
          tempToken: challenge.tempToken,
          token: code.trim(),
        });
      } catch (error) {
        return failure(error, AUTH_MESSAGES.invalidCode, AUTH_MESSAGES.verificationFailed);
      }
      const parsed = verify2faResponseSchema.safeParse(body?.data);
      if (body?.code !== SUCCESS_CODE || !parsed.success) {
        return refusal(body, AUTH_MESSAGES.invalidCode);
      }
      await startSession(parsed.data.tokens, parsed.data.admin);
      return { status: 'ok' };
    },

    async verifyWithPasskey() {
      const challenge = get().twoFactor;
      if (!challenge) return { status: 'error', message: AUTH_MESSAGES.verificationFailed };
      const result = await signInWithPasskey({ adminId: challenge.adminId, tempToken: challenge.tempToken });
      if (result.status !== 'ok') return result;
      await startSession(result.tokens, result.admin);
      return { status: 'ok' };
    },

    async loadEnrolmentSetup() {
      const challenge = get().enrolment;
      if (!challenge) return { status: 'error', message: AUTH_MESSAGES.setupFailed };
      let body;
      try {
        body = await http.post('/auth/2fa/enrol/setup', challenge);
      } catch (error) {
        // As the settings' setup: the server's reason, or what kept the call from it.
        if (isApiError(error) && error.status !== undefined) {
          return { status: 'error', message: serverMessage(error.data) ?? AUTH_MESSAGES.setupFailed };
        }
        const reason = error instanceof Error ? error.message : String(error);
        return { status: 'error', message: `${AUTH_MESSAGES.setupError} ${reason}` };
      }
      const parsed = twoFactorSetupResponseSchema.safeParse(body?.data);
      if (body?.code !== SUCCESS_CODE || !parsed.success) {
        return {
          status: 'error',
          message: (body?.code !== SUCCESS_CODE && serverMessage(body)) || AUTH_MESSAGES.setupFailed,
        };
      }
      return { status: 'ok', setup: parsed.data };
    },

    async confirmEnrolment(secret, code) {
      const challenge = get().enrolment;
      if (!challenge) return { status: 'error', message: AUTH_MESSAGES.enableError };
      let body;
      try {
        body = await http.post('/auth/2fa/enrol', { ...challenge, secret, token: code.trim() });
      } catch (error) {
        return failure(error, AUTH_MESSAGES.invalidCode, AUTH_MESSAGES.enableError);
      }
      const parsed = verify2faResponseSchema.safeParse(body?.data);
      if (body?.code !== SUCCESS_CODE || !parsed.success) return refusal(body, AUTH_MESSAGES.invalidCode);
      await startSession(parsed.data.tokens, parsed.data.admin);
      return { status: 'ok' };
    },

    async enrolWithPasskey(name) {
      const challenge = get().enrolment;
      if (!challenge) return { status: 'error', message: AUTH_MESSAGES.passkeyEnrolFailed };
      const result = await enrolWithPasskey(challenge, name);
      if (result.status !== 'ok') return result;
      await startSession(result.tokens, result.admin);
      return { status: 'ok' };
    },

    cancelTwoFactor() {
      set({ twoFactor: null, enrolment: null });
    },

    setAdmin(admin) {
      saveAdmin(admin);
      set({ admin });
    },

    async logout() {
      // Sign out locally first so the page reacts at once; the server call is best-effort.
      const token = getAccessToken();
      const refreshToken = getRefreshToken();
      clearSession();
      set({ ...SIGNED_OUT, loading: false });
      redirectToLogin();
      forgetServerData();
      if (token) await revokeServerSession(token, refreshToken);
    },
  };
});

/**
 * The admin this tab works for: the one signed in or, while a stored session is still being
 * checked (a reload), the admin it was stored for. What is chosen per admin before the check
 * ends, such as a remote's canary build on a reloaded page, is chosen for them, not for nobody;
 * a session the check refuses ends on the sign-in page.
 */
export function sessionUsername(): string | null {
  const { admin, loading } = useAuthStore.getState();
  return admin?.username ?? (loading ? storedUsername() : null);
}

/**
 * Signed out: what the console fetched goes too. The sign-in page is reached inside the same
 * page (no reload), so the next admin in this tab would otherwise be shown the last one's
 * lists until they refetch. After the navigation: the pages leaving must not refetch it.
 */
function forgetServerData(): void {
  queryClient.clear();
}

onSessionEvent((event) => {
  const { isAuthenticated, refreshProfile } = useAuthStore.getState();
  if (event.type === 'expired') {
    useAuthStore.setState(SIGNED_OUT);
    forgetServerData();
  } else if (!isAuthenticated) {
    // a refusal or refresh answered after a sign-out changes nothing
  } else if (event.type === 'refreshed') {
    // A new access token is the profile's next read: a role changed meanwhile shows now.
    if (event.admin) useAuthStore.setState({ admin: event.admin });
    void refreshProfile();
  } else {
    // A refusal naming a permission: the snapshot may be stale (a role was taken away).
    void refreshProfile();
  }
});

const postLogout = (accessToken: string) =>
  http.post('/auth/logout', undefined, {
    headers: { Authorization: `Bearer ${accessToken}` },
    skipAuthRefresh: true,
    timeout: LOGOUT_TIMEOUT_MS,
  });

/**
 * Ends the session on the server too. After 15 idle minutes the access token has expired and
 * the logout call gets a 401: the stored refresh token would then stay valid for days, so it
 * is exchanged once for a fresh access token (never stored) that the logout can use.
 */
async function revokeServerSession(accessToken: string, refreshToken: string | null): Promise<void> {
  try {
    await postLogout(accessToken);
  } catch (error) {
    if (!refreshToken || !isApiError(error) || error.status !== 401) return;
    try {
      const body = await http.post<{ code: number; data?: { tokens?: { accessToken?: string } } }>(
        '/auth/refresh-token',
        { refreshToken },
        { skipAuthRefresh: true, timeout: LOGOUT_TIMEOUT_MS },
      );
      const fresh = body.code === 200 ? body.data?.tokens?.accessToken : undefined;
      if (fresh) await postLogout(fresh);
    } catch {
      // the tokens are gone from this browser either way
    }
  }
}
