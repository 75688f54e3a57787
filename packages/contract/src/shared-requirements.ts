import type { SharedRequirements } from './runtime-config';

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
