import { describe, expect, it, vi } from 'vitest';
import { platformInstanceId, queryKeys, useAuthStore } from '../src';

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

describe('queryKeys', () => {
  const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
    prefix.every((part, i) => key[i] === part);

  it('nests every list and detail under its resource, and everything under all()', () => {
    expect(startsWith(queryKeys.users.detail(42), queryKeys.users.all())).toBe(true);
    expect(startsWith(queryKeys.users.list({ page: 2 }), queryKeys.users.all())).toBe(true);
    expect(startsWith(queryKeys.shop.orders.list(), queryKeys.shop.all())).toBe(true);
    expect(startsWith(queryKeys.marketplace.items.list(), queryKeys.marketplace.all())).toBe(true);
    expect(startsWith(queryKeys.dashboard(), queryKeys.all())).toBe(true);
    // A balance edit refreshes the log and every player's History through audit.all().
    expect(startsWith(queryKeys.audit.list({ userTelegramId: 1 }), queryKeys.audit.all())).toBe(true);
    expect(startsWith(queryKeys.audit.history(42), queryKeys.audit.all())).toBe(true);
    expect(startsWith(queryKeys.audit.admins(), queryKeys.audit.all())).toBe(true);
  });

  it('keeps resources apart and ids as strings', () => {
    expect(startsWith(queryKeys.shop.items.list(), queryKeys.shop.orders.all())).toBe(false);
    expect(startsWith(queryKeys.users.all(), queryKeys.games.all())).toBe(false);
    expect(queryKeys.users.detail(42)).toEqual(queryKeys.users.detail('42'));
  });
});
