import type { SharedRequirements } from '@manager/contract';

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/;

/**
 * What a build needs from the console, from the shared versions it was built against
 * (`build.json` `shared`): for each, `>=<v> <<major+1>.0.0`; a version that is not semver is
 * left out. Used for a QA override, whose `build.json` carries no release's `requires`.
 * The same rule as the release CLI's `sharedRequirements` (`@manager/contract`): the two must
 * agree, or an override would be judged unlike its release.
 */
export function requirementsOf(shared: Record<string, string>): SharedRequirements {
  const requires: SharedRequirements = {};
  for (const [pkg, raw] of Object.entries(shared)) {
    const version = raw.trim();
    const match = SEMVER.exec(version);
    if (!match) continue;
    requires[pkg] = `>=${version} <${Number(match[1]) + 1}.0.0`;
  }
  return requires;
}
