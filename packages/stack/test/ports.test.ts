import { describe, expect, it } from 'vitest';
import { apps } from '../src/apps';
import { stackPorts, startDataDir, startPorts } from '../src/ports';

describe("pnpm start's ports", () => {
  it('are the list of apps and 3000 for the API without a variable', () => {
    expect(startPorts({})).toEqual({
      console: apps.shell.port,
      users: apps.remotes.users.port,
      commerce: apps.remotes.commerce.port,
      transactions: apps.remotes.transactions.port,
      engagement: apps.remotes.engagement.port,
      settings: apps.remotes.settings.port,
      api: 3000,
    });
    expect(startDataDir({})).toBeUndefined();
  });

  it('PORT_OFFSET shifts every one, and the API gets a database of its own', () => {
    const first = startPorts({});
    const second = startPorts({ PORT_OFFSET: '20' });
    for (const [name, port] of Object.entries(first))
      expect(second[name as keyof typeof second], name).toBe(port + 20);
    // None collides with the first console's, nor with the Playwright stack's.
    const taken = new Set([...Object.values(first), ...Object.values(stackPorts(0))]);
    expect(Object.values(second).filter((p) => taken.has(p))).toEqual([]);
    expect(startDataDir({ PORT_OFFSET: '20' })).toBe('.data/pglite-20');
  });

  it("a port's own variable wins over the offset; PGLITE_DIR or DATABASE_URL over the data folder", () => {
    expect(startPorts({ PORT_OFFSET: '20', API_PORT: '3999' }).api).toBe(3999);
    expect(startDataDir({ PORT_OFFSET: '20', PGLITE_DIR: '/tmp/x' })).toBeUndefined();
    expect(startDataDir({ PORT_OFFSET: '20', DATABASE_URL: 'postgres:///x' })).toBeUndefined();
  });

  it.each(['-1', '1.5', 'ten', '5000'])('PORT_OFFSET=%s is refused with what it must be', (value) => {
    expect(() => startPorts({ PORT_OFFSET: value })).toThrow(
      `PORT_OFFSET must be a whole number from 0 to 1000, not "${value}"`,
    );
  });
});
