import type { SharedRequirements } from '@manager/contract';

/**
 * What a build needs from the console, from the shared versions it was built against
 * (`build.json` `shared`): for each, `>=<v> <<major+1>.0.0`. Used for a QA override, whose
 * `build.json` carries no release's `requires`; `pnpm release` derives the same ranges.
 */
export function requirementsOf(shared: Record<string, string>): SharedRequirements {
  const requires: SharedRequirements = {};
  for (const [pkg, version] of Object.entries(shared)) {
    const major = Number.parseInt(version, 10);
    if (Number.isNaN(major)) continue;
    requires[pkg] = `>=${version} <${major + 1}.0.0`;
  }
  return requires;
}
