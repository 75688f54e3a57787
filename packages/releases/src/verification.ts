import path from 'node:path';
import type { AreaName } from '@manager/contract';
import { z } from 'zod';
import { ReleaseError } from './errors';
import { readJson, writeJsonAtomic } from './files';
import { remoteDir, type Workspace } from './layout';

/**
 * What `pnpm verify <remote> <version>` found: the smoke and journey specs run against a stack
 * where that release was pinned for the test admins. Kept beside the releases of a remote, in
 * `<remote>/verifications.json` by version (a release folder never changes once written), and
 * read by `promote`, which refuses a release without a passed one.
 */
export const verificationSchema = z.object({
  at: z.string(),
  by: z.string(),
  passed: z.boolean(),
  /** The commit of the suite that ran (with `+changes` when its working tree had some). */
  suiteCommit: z.string(),
  tests: z.object({
    passed: z.number().int().min(0),
    failed: z.number().int().min(0),
    flaky: z.number().int().min(0),
    skipped: z.number().int().min(0),
  }),
  /** Why it failed before a test ran (a release the console cannot run), when it did. */
  reason: z.string().optional(),
  /** The run's HTML report (traces, screenshots and videos of its failed tests). */
  report: z.string().optional(),
});
export type Verification = z.infer<typeof verificationSchema>;

const fileSchema = z.record(z.string(), verificationSchema);

const verificationsFile = (ws: Workspace, remote: AreaName) =>
  path.join(remoteDir(ws, remote), 'verifications.json');

function readAll(ws: Workspace, remote: AreaName): Record<string, Verification> {
  const file = verificationsFile(ws, remote);
  const parsed = fileSchema.safeParse(readJson(file) ?? {});
  if (!parsed.success) throw new ReleaseError(`${file} is not a list of verifications: fix it by hand`);
  return parsed.data;
}

/** The last verification of a release, if any. */
export const readVerification = (
  ws: Workspace,
  remote: AreaName,
  version: string,
): Verification | undefined => readAll(ws, remote)[version];

/** Records a verification of `version` (the last one counts). The caller holds the folder's lock. */
export function writeVerification(ws: Workspace, remote: AreaName, version: string, v: Verification): void {
  writeJsonAtomic(verificationsFile(ws, remote), { ...readAll(ws, remote), [version]: v });
}

const total = (v: Verification) => v.tests.passed + v.tests.failed + v.tests.flaky + v.tests.skipped;

/** One line on a verification, as `releases` and the refusals say it. */
export function describeVerification(v: Verification | undefined): string {
  if (!v) return 'not verified';
  const when = v.at.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');
  if (v.reason) return `failed ${when}: ${v.reason}`;
  return v.passed
    ? `passed ${when} (${v.tests.passed} tests, suite ${v.suiteCommit})`
    : `failed ${when} (${v.tests.failed} of ${total(v)} tests failed, suite ${v.suiteCommit})`;
}

/**
 * Why `promote` refuses this release for want of a verification, or null when it passed. In the
 * words of the other refusals: what is wrong, then what to do.
 */
export function verificationRefusal(ws: Workspace, remote: AreaName, version: string): string | null {
  const v = readVerification(ws, remote, version);
  if (v?.passed) return null;
  return v
    ? `${remote} ${version} failed verification (${describeVerification(v)}): fix it and release again, or verify again`
    : `${remote} ${version} has not been verified: pnpm verify ${remote} ${version} runs the smoke and journey specs against it`;
}
