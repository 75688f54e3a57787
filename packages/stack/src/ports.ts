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
