import { describe, expect, it, vi } from 'vitest';
import { platformInstanceId, queryKeys, resource, useAuthStore } from '../src';

describe('platform probe', () => {
  it('exposes one instance id and the auth store on window', () => {
    const probe = window.__MANAGER_PLATFORM__;
    expect(probe?.instanceId).toBe(platformInstanceId);
    expect(probe?.authStore).toBe(useAuthStore);
    expect(probe?.instances).toEqual([platformInstanceId]);
  });

  it('records a second copy instead of hiding it', async () => {
    vi.resetModules();
    const second = await import('../src/probe');
    expect(second.platformInstanceId).not.toBe(platformInstanceId);
    expect(window.__MANAGER_PLATFORM__?.instanceId).toBe(platformInstanceId);
    expect(window.__MANAGER_PLATFORM__?.instances).toEqual([platformInstanceId, second.platformInstanceId]);
  });
});

describe('resource and the shared roots', () => {
  const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
    prefix.every((part, i) => key[i] === part);
  const users = resource('users');
  const shop = { ...resource('shop'), items: resource('shop', 'items'), orders: resource('shop', 'orders') };

  it('nests every list and detail under its resource, and everything under all()', () => {
    expect(startsWith(users.detail(42), users.all())).toBe(true);
    expect(startsWith(users.list({ page: 2 }), users.all())).toBe(true);
    expect(startsWith(shop.orders.list(), shop.all())).toBe(true);
    expect(startsWith(users.all(), queryKeys.all())).toBe(true);
    expect(startsWith(queryKeys.dashboard(), queryKeys.all())).toBe(true);
    // A balance edit refreshes the log and every player's History through audit.all().
    expect(startsWith(queryKeys.audit.list({ userTelegramId: 1 }), queryKeys.audit.all())).toBe(true);
    expect(startsWith(queryKeys.audit.history(42), queryKeys.audit.all())).toBe(true);
    expect(startsWith(queryKeys.audit.admins(), queryKeys.audit.all())).toBe(true);
  });

  it('keeps resources apart and ids as strings', () => {
    expect(startsWith(shop.items.list(), shop.orders.all())).toBe(false);
    expect(startsWith(users.all(), resource('games').all())).toBe(false);
    expect(users.detail(42)).toEqual(users.detail('42'));
  });

  it('builds the same key for the same prefix in any build: a remote and the shell share a cache entry', () => {
    expect(resource('users').list({ page: 1 })).toEqual(users.list({ page: 1 }));
  });
});
