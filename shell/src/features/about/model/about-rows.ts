import { REMOTE_NAMES, type AreaName, type BuildInfo } from '@manager/contract';
import { areaLabelOf, updateFor, type ConsoleVersions, type RemoteBuild } from '../../../remotes/versions';

/** One line of the About dialog: the shell, or a remote. */
export interface AboutRow {
  key: 'shell' | AreaName;
  label: string;
  version: string | null;
  builtAt: string | null;
  commit: string | null;
  canary: boolean;
  override: boolean;
  /**
   * `running`: this tab runs it (the shell always); `not-loaded`: not opened in this tab, the
   * build it would load is shown; `unknown`: remotes.json has not been read yet.
   */
  state: 'running' | 'not-loaded' | 'unknown';
  /** The live build when it differs from the one running (by manifest URL), else null. */
  update: RemoteBuild | null;
}

const fromBuild = (b: RemoteBuild) => ({
  version: b.version,
  builtAt: b.builtAt,
  commit: b.commit,
  canary: b.canary,
  override: b.override,
});

export function remoteRow(name: AreaName, versions: ConsoleVersions): AboutRow {
  const loaded = versions.loaded[name];
  const live = versions.live[name];
  const head = { key: name, label: areaLabelOf(name, versions) };
  if (loaded) {
    return { ...head, ...fromBuild(loaded), state: 'running', update: updateFor(name, versions) };
  }
  if (live) return { ...head, ...fromBuild(live), state: 'not-loaded', update: null };
  return {
    ...head,
    version: null,
    builtAt: null,
    commit: null,
    canary: false,
    override: false,
    state: 'unknown',
    update: null,
  };
}

/** The shell, then every remote in the console's order. */
export function aboutRows(shell: BuildInfo, versions: ConsoleVersions): AboutRow[] {
  return [
    {
      key: 'shell',
      label: 'Shell',
      version: shell.version,
      builtAt: shell.builtAt,
      commit: shell.commit,
      canary: false,
      override: false,
      state: 'running',
      update: null,
    },
    ...REMOTE_NAMES.map((name) => remoteRow(name, versions)),
    // Then the areas the shell was not built with that remotes.json lists for this admin.
    ...Object.keys(versions.live)
      .filter((name) => !(REMOTE_NAMES as readonly string[]).includes(name))
      .map((name) => remoteRow(name, versions)),
  ];
}
