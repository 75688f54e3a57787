import type { SharedRequirements } from './runtime-config.ts';

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/;

/**
 * What a build needs from the console: for each shared singleton it was built against
 * (`build.json` `shared`), that version or any newer one of the same major,
 * `>=<v> <<major+1>.0.0` (`{ '@manager/ui': '>=0.6.0 <1.0.0' }`). A 0.x package counts its
 * first number as the major too: the console's packages add exports within a major and break
 * only across one. A version that is not semver is left out (nothing can be said about it).
 * The release CLI writes these into `release.json` and `remotes.json`; the shell computes the
 * same for an override's `build.json`.
 */
export function sharedRequirements(shared: Record<string, string>): SharedRequirements {
  const requires: SharedRequirements = {};
  for (const [name, version] of Object.entries(shared)) {
    const match = SEMVER.exec(version.trim());
    if (!match) continue;
    requires[name] = `>=${version.trim()} <${Number(match[1]) + 1}.0.0`;
  }
  return requires;
}

/** What a release needs that this console does not provide, for one shared package. */
export interface UnmetRequirement {
  pkg: string;
  /** The comparators of the range that fail (`>=0.7.0`), or the whole range when none alone does. */
  failing: string[];
  /** `newer`: a lower bound fails (the console is too old); `older`: only an upper bound fails. */
  direction: 'newer' | 'older';
  /** The version this console provides, or null when it provides none. */
  has: string | null;
}

/** Does `version` satisfy the semver `range`? The federation runtime's `satisfy`, passed in. */
export type Satisfies = (version: string, range: string) => boolean;

/**
 * Compares a build's `requires` with the versions a console provides (its build.json
 * `shared`). The shell and `pnpm promote` both pass the federation runtime's own `satisfy`,
 * the same test its share scope applies; the contract itself carries no semver code.
 */
export function unmetRequirements(
  requires: SharedRequirements,
  provided: Record<string, string>,
  satisfy: Satisfies,
): UnmetRequirement[] {
  const unmet: UnmetRequirement[] = [];
  for (const [pkg, range] of Object.entries(requires)) {
    const has = provided[pkg] ?? null;
    if (has !== null && satisfy(has, range)) continue;
    const comparators = range.trim().split(/\s+/);
    // Not provided at all: what it needs is a console that has it, at the lower bound.
    const failing =
      has === null
        ? comparators.filter((c) => !c.startsWith('<'))
        : comparators.filter((c) => !satisfy(has, c));
    const lower = failing.some((c) => !c.startsWith('<'));
    unmet.push({
      pkg,
      failing: failing.length > 0 ? failing : [range],
      direction: lower || failing.length === 0 ? 'newer' : 'older',
      has,
    });
  }
  return unmet;
}

/** `@manager/ui` → `ui`, `@manager/platform` → `platform`; other packages by their own name. */
const SHORT_NAMES: Record<string, string> = { '@manager/ui': 'ui', '@manager/platform': 'platform' };

export function shortPackageName(pkg: string): string {
  return SHORT_NAMES[pkg] ?? pkg;
}

/** `>=0.7.0` → `>= 0.7.0`: the operator set apart, as people write it. */
const spaced = (comparator: string) => comparator.replace(/^([<>]=?|=|\^|~)(?=\d)/, '$1 ');

function clause(item: UnmetRequirement): string {
  const wants = item.failing.map((c) => `${shortPackageName(item.pkg)} ${spaced(c)}`).join(', ');
  return `${wants}, this console has ${item.has ?? 'none'}`;
}

/**
 * The sentence the shell shows in the remote's area and `pnpm promote` refuses with:
 * `Settings needs a newer console (ui >= 0.7.0, this console has 0.6.0)`.
 */
export function skewMessage(label: string, unmet: readonly UnmetRequirement[]): string {
  const parts: string[] = [];
  const newer = unmet.filter((u) => u.direction === 'newer');
  const older = unmet.filter((u) => u.direction === 'older');
  if (newer.length > 0) parts.push(`a newer console (${newer.map(clause).join(', ')})`);
  if (older.length > 0) parts.push(`an older console (${older.map(clause).join(', ')})`);
  return `${label} needs ${parts.join(' and ')}`;
}
