import MockAdapter from 'axios-mock-adapter';
import { vi } from 'vitest';
import type { Admin, RuntimeConfig } from '@manager/contract';
import { apiClient, configurePlatform, setNavigate, useAuthStore } from '../src';

export const API = 'http://api.test';

export const testConfig: RuntimeConfig = {
  apiBaseUrl: API,
  apiKey: 'default-key',
  apiKeysByHost: { 'manager.example.com': 'prod-key' },
  apiKeyHeader: 'x-api-key',
  remotesManifestUrl: '/remotes.json',
  uploadsBaseUrl: `${API}/uploads/`,
  nftImageBaseUrl: 'https://nft.test/',
  remoteOverrideOrigins: [],
  remotesCheckSeconds: 180,
};

export const admin: Admin = { id: 1, username: 'admin', email: 'admin@example.com', twoFactorEnabled: false };

export const ok = <T>(data: T) => ({ code: 200, message: 'OK', data });

/** Fresh client mock, empty storage, a spy navigate and a signed-out store at /dashboard. */
export function setup() {
  configurePlatform(testConfig);
  localStorage.clear();
  window.history.replaceState(null, '', '/dashboard');
  const navigate = vi.fn((path: string) => window.history.pushState(null, '', path));
  setNavigate(navigate);
  useAuthStore.setState({
    isAuthenticated: false,
    loading: true,
    admin: null,
    twoFactor: null,
    enrolment: null,
  });
  const mock = new MockAdapter(apiClient);
  return { mock, navigate };
}

export function storeSession(accessToken = 'old-access', refreshToken = 'refresh-1') {
  localStorage.setItem('accessToken', accessToken);
  localStorage.setItem('refreshToken', refreshToken);
  localStorage.setItem('adminData', JSON.stringify(admin));
}

export const authHeader = (config: { headers?: unknown }) =>
  (config.headers as { get?: (k: string) => unknown; Authorization?: unknown }).get?.('Authorization') ??
  (config.headers as Record<string, unknown>).Authorization;
