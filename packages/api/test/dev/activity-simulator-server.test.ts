import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/processes';

/**
 * The simulator as `pnpm start` runs it: the API's own process on a fresh embedded database
 * (seeded at start) with SIMULATE_ACTIVITY_MS, read through the top bar's call. The server
 * passes no tick listener, which once meant no tick ran at all while the banner said it did.
 */
let server: ServerProcess;
let headers: Record<string, string>;

beforeAll(async () => {
  server = await startServer({
    PGLITE_DIR: 'memory://',
    DATABASE_URL: undefined,
    SIMULATE_ACTIVITY_MS: '200',
    API_KEY: 'simulator-test-key',
  });
  const login = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'simulator-test-key' },
    body: JSON.stringify({ identifier: 'admin', password: 'admin12345' }),
  });
  const body = (await login.json()) as { data: { tokens: { accessToken: string } } };
  headers = { 'x-api-key': 'simulator-test-key', authorization: `Bearer ${body.data.tokens.accessToken}` };
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

type Metrics = { totalUsers: number; onlineUsers: number; activeGames: number };
const metrics = async (): Promise<Metrics> =>
  ((await (await fetch(`${server.url}/manager/metrics`, { headers })).json()) as { data: Metrics }).data;

describe('the activity simulator in the running server', () => {
  it('says it runs, and the top bar counters move without any request changing them', async () => {
    expect(server.output()).toMatch(
      /Simulated players, games, deposits and withdrawal requests every 0\.2 s/,
    );
    const first = await metrics();
    const seen = new Set<string>([JSON.stringify([first.onlineUsers, first.activeGames])]);
    // Ticks every 200 ms open rooms, end games and bring players on and off line: within
    // seconds the pair reads differently, and again after that.
    await expect
      .poll(
        async () => {
          const now = await metrics();
          seen.add(JSON.stringify([now.onlineUsers, now.activeGames]));
          return seen.size;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBeGreaterThanOrEqual(3);
    expect(server.output()).not.toMatch(/activity simulator tick failed/);
  });
});
