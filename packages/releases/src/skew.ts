import { satisfy } from '@module-federation/runtime';

/** `@manager/ui` -> `ui`, `@manager/platform` -> `platform`; other packages keep their name. */
export const shortPackageName = (name: string) => name.replace(/^@manager\/(ui|platform)$/, '$1');

interface Unmet {
  pkg: string;
  /** The bound that fails, e.g. `>= 0.7.0` or `< 1.0.0`. */
  bound: string;
  has: string;
}

/**
 * Why a build needing `requires` cannot run on a console providing `provided` (package ->
 * version), in the shell's words, or null when every range is satisfied. The same check
 * (`satisfy` of the federation runtime) as the shell's before it mounts a remote:
 * `Settings needs a newer console (ui >= 0.7.0, this console has 0.6.0)`; when only upper
 * bounds fail, `needs an older console (ui < 1.0.0, this console has 1.2.0)`.
 */
export function skewMessage(label: string, requires: Record<string, string>, provided: Record<string, string>): string | null {
  const newer: Unmet[] = [];
  const older: Unmet[] = [];
  for (const [pkg, range] of Object.entries(requires)) {
    const has = provided[pkg];
    if (has !== undefined && satisfy(has, range)) continue;
    const comparators = range.trim().split(/\s+/);
    const lower = comparators.filter((c) => !c.startsWith('<'));
    const upper = comparators.filter((c) => c.startsWith('<'));
    const failing = (list: string[]) => list.filter((c) => has === undefined || !satisfy(has, c)).map(spaced);
    const lowerFails = failing(lower);
    if (has === undefined) newer.push({ pkg, bound: (lowerFails.length > 0 ? lowerFails : [range]).join(' '), has: 'none' });
    else if (lowerFails.length > 0) newer.push({ pkg, bound: lowerFails.join(' '), has });
    else {
      older.push({ pkg, bound: failing(upper).join(' ') || spaced(range), has });
    }
  }
  const list = (unmet: Unmet[]) => unmet.map((u) => `${shortPackageName(u.pkg)} ${u.bound}, this console has ${u.has}`).join(', ');
  if (newer.length > 0) return `${label} needs a newer console (${list(newer)})`;
  if (older.length > 0) return `${label} needs an older console (${list(older)})`;
  return null;
}

/** `>=0.7.0` -> `>= 0.7.0`, as the message shows a bound. */
const spaced = (comparator: string) => comparator.replace(/^([<>=~^]+)\s*/, '$1 ');
