// The permission check's own cost, in process: what every call naming a permission adds to
// its request (packages/api/src/lib/permissions.ts). The bearer guard reads the admin's roles
// in the session's own query (no extra round trip) and takes their permission set from a
// cache of role unions (`heldPermissions`); a call's hook then asks the set
// (`requirePermission`). Both are timed here over many calls, as a Finance admin asking what
// it holds (a refusal ends the request, so its cost is not on a call that goes on), and set
// against the API part's fastest p50 over HTTP: under 1% of it is "no measurable latency".
//
//   pnpm --filter @manager/bench exec tsx permission-check.mjs
// BENCH_OUT=<file.json> also writes it under the key "permissionCheck" of that file (the report
// takes the newer of it and a full bench's).
import { performance } from 'node:perf_hooks';
import { heldPermissions, requirePermission } from '../api/src/lib/permissions.ts';
import { writeResult } from './api.mjs';
import { fromCaller, isMain } from './lib.mjs';

const CALLS = Number(process.env.BENCH_PERMISSION_CALLS ?? 1_000_000);
/** What calls of the console ask: one permission, the last of a role's list, any of two. */
const ASKED = [['users.read'], ['settings.rates'], ['withdrawals.decide', 'withdrawals.read']];

/** Nanoseconds per check (the guard's set, then the hook), median of five rounds of `calls`. */
export function runPermissionCheck({ calls = CALLS } = {}) {
  const startedAt = new Date().toISOString();
  const request = { admin: { id: 1, permissions: heldPermissions(['finance'], []) } };
  const round = () => {
    const start = performance.now();
    for (let i = 0; i < calls; i++) {
      request.admin.permissions = heldPermissions(['finance'], []);
      requirePermission(request, ASKED[i % ASKED.length]);
    }
    return ((performance.now() - start) * 1e6) / calls;
  };
  round(); // warm-up: the JIT, the union cache
  const rounds = Array.from({ length: 5 }, round).sort((a, b) => a - b);
  return { startedAt, calls, nsPerCheck: Math.round(rounds[2] * 10) / 10 };
}

if (isMain(import.meta.url)) {
  const run = runPermissionCheck();
  const { calls, nsPerCheck } = run;
  if (process.env.BENCH_OUT) writeResult(fromCaller(process.env.BENCH_OUT), 'permissionCheck', run);
  console.log(
    `permission check: ${nsPerCheck} ns per call (median of 5 rounds of ${calls.toLocaleString('en')})`,
  );
}
