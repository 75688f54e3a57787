import { apps } from './apps.mjs';

// Ports of the end-to-end stack: apart from `pnpm start`'s defaults so both can run at once.
// E2E_PORT_OFFSET shifts every port, so several stacks (e.g. two teams' runs) can coexist;
// the bench uses the same layout with its own offset (bench/lib.mjs).
/**
 * @param {number} offset
 * @returns {{ offset: number, console: number, api: number, control: number, privateApi: number, releasesDir: string }
 *   & { [name in keyof typeof apps.remotes]: number }}
 */
export function stackPorts(offset) {
  // `pnpm start`'s ports (packages/contract/src/apps.json) moved up by 100.
  const remotes = /** @type {{ [name in keyof typeof apps.remotes]: number }} */ (
    Object.fromEntries(Object.entries(apps.remotes).map(([name, remote]) => [name, remote.port + 100 + offset]))
  );
  return {
    offset,
    console: apps.shell.port + 100 + offset,
    ...remotes,
    api: 3100 + offset,
    control: 3199 + offset,
    // An API of its own (fresh database) that a spec starts: tests/support/private-api.ts.
    privateApi: 3198 + offset,
    // RELEASES_DIR of the stack: the releases spec releases and promotes into it.
    releasesDir: `/tmp/manager-e2e-releases-${offset}`,
  };
}

export const E2E = stackPorts(Number(process.env.E2E_PORT_OFFSET ?? 0));
