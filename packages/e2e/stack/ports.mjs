// Ports of the end-to-end stack: apart from `pnpm start`'s defaults so both can run at once.
// E2E_PORT_OFFSET shifts every port, so several stacks (e.g. two teams' runs) can coexist;
// the bench uses the same layout with its own offset (bench/lib.mjs).
export function stackPorts(offset) {
  return {
    offset,
    console: 4273 + offset,
    users: 4274 + offset,
    commerce: 4275 + offset,
    transactions: 4276 + offset,
    engagement: 4277 + offset,
    settings: 4278 + offset,
    api: 3100 + offset,
    control: 3199 + offset,
    // An API of its own (fresh database) that a spec starts: tests/support/private-api.ts.
    privateApi: 3198 + offset,
    // RELEASES_DIR of the stack: the releases spec releases and promotes into it.
    releasesDir: `/tmp/manager-e2e-releases-${offset}`,
  };
}

export const E2E = stackPorts(Number(process.env.E2E_PORT_OFFSET ?? 0));
