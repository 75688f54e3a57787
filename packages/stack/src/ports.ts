import { REMOTES, apps, type RemoteName } from './apps';

/** The e2e stack's ports and release folder; each remote's port under its name. */
export type StackPorts = {
  offset: number;
  console: number;
  api: number;
  control: number;
  privateApi: number;
  releasesDir: string;
} & Record<RemoteName, number>;

// Ports of the end-to-end stack: apart from `pnpm start`'s defaults so both can run at once.
// E2E_PORT_OFFSET shifts every port, so several stacks (e.g. two teams' runs) can coexist;
// the bench uses the same layout with its own offset (@manager/bench, lib.mjs).
export function stackPorts(offset: number): StackPorts {
  // `pnpm start`'s ports (packages/contract/src/apps.json) moved up by 100.
  const remotes = Object.fromEntries(
    REMOTES.map((name) => [name, apps.remotes[name].port + 100 + offset]),
  ) as Record<RemoteName, number>;
  return {
    offset,
    console: apps.shell.port + 100 + offset,
    ...remotes,
    api: 3100 + offset,
    control: 3199 + offset,
    // The first port of the APIs of their own (fresh database) that specs start, one port per
    // Playwright worker above it: packages/e2e/tests/support/private-api.ts.
    privateApi: 3160 + offset,
    // RELEASES_DIR of the stack: the releases spec releases and promotes into it.
    releasesDir: `/tmp/manager-e2e-releases-${offset}`,
  };
}

export const E2E = stackPorts(Number(process.env.E2E_PORT_OFFSET ?? 0));

/** The ports of `pnpm start`: the console's, each remote's and the API's. */
export type StartPorts = { console: number; api: number } & Record<RemoteName, number>;

/**
 * `pnpm start`'s ports: the list's defaults (the console 4173, the remotes 4174-4178, the API
 * 3000) shifted by PORT_OFFSET, so a second console runs beside the first with one variable
 * (`PORT_OFFSET=20 pnpm start`); each port's own variable (`CONSOLE_PORT`, `USERS_PORT`, ...,
 * `API_PORT`) still wins.
 */
export function startPorts(env: NodeJS.ProcessEnv): StartPorts {
  const offset = portOffset(env.PORT_OFFSET);
  const port = (name: string, dflt: number) => (env[name] ? Number(env[name]) : dflt + offset);
  return {
    console: port('CONSOLE_PORT', apps.shell.port),
    ...(Object.fromEntries(
      REMOTES.map((name) => [name, port(`${name.toUpperCase()}_PORT`, apps.remotes[name].port)]),
    ) as Record<RemoteName, number>),
    api: port('API_PORT', 3000),
  };
}

/**
 * The embedded database of a shifted `pnpm start` (`.data/pglite-<offset>`, beside the first's
 * `.data/pglite`): one PGlite folder serves one process. Undefined without an offset, or when
 * PGLITE_DIR or DATABASE_URL says where the data lives.
 */
export function startDataDir(env: NodeJS.ProcessEnv): string | undefined {
  const offset = portOffset(env.PORT_OFFSET);
  if (!offset || env.PGLITE_DIR || env.DATABASE_URL) return undefined;
  return `.data/pglite-${offset}`;
}

function portOffset(value: string | undefined): number {
  const offset = Number(value ?? 0);
  if (!Number.isInteger(offset) || offset < 0 || offset > 1000)
    throw new Error(`PORT_OFFSET must be a whole number from 0 to 1000, not "${value}"`);
  return offset;
}
