import type { AreaName } from '@manager/contract';
import { listReleases, type Workspace } from './layout';
import { liveVersion, readLive } from './live';
import { describeVerification, readVerification } from './verification';

/**
 * `pnpm releases <remote>`: every release, newest first, with when it was built, its commit,
 * its verification and which one is live (and which is the canary, for whom).
 */
export function releasesTable(ws: Workspace, remote: AreaName): string {
  const releases = listReleases(ws, remote);
  if (releases.length === 0) return `${remote} has no releases yet (pnpm release ${remote} makes one)`;
  const current = readLive(ws)[remote];
  const rows = releases.map((r) => {
    const marks = [
      liveVersion(current) === r.version ? 'live' : '',
      current?.canary?.version === r.version ? `canary: ${current.canary.admins.join(', ')}` : '',
    ].filter(Boolean);
    return [
      r.version,
      r.builtAt.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC'),
      r.commit,
      describeVerification(readVerification(ws, remote, r.version)),
      marks.join('; '),
    ];
  });
  return table([['VERSION', 'BUILT', 'COMMIT', 'VERIFIED', 'LIVE'], ...rows]);
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
