import type { SharedRequirements } from '@manager/contract';
import { satisfy } from '@module-federation/runtime';

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

/**
 * Compares a build's `requires` with the versions the shell provides (`SHELL_BUILD.shared`),
 * using the federation runtime's own `satisfy`, the same test its share scope applies.
 */
export function unmetRequirements(requires: SharedRequirements, provided: Record<string, string>): UnmetRequirement[] {
  const unmet: UnmetRequirement[] = [];
  for (const [pkg, range] of Object.entries(requires)) {
    const has = provided[pkg] ?? null;
    if (has !== null && satisfy(has, range)) continue;
    const comparators = range.trim().split(/\s+/);
    // Not provided at all: what it needs is a console that has it, at the lower bound.
    const failing = has === null ? comparators.filter((c) => !c.startsWith('<')) : comparators.filter((c) => !satisfy(has, c));
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
 * The sentence shown in the remote's area (and by `pnpm promote`):
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

/** Thrown instead of loading a remote whose release this console cannot satisfy. */
export class SkewError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SkewError';
  }
}
