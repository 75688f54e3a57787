import { REMOTE_NAMES, type BuildInfo } from '@manager/contract';
import { setConsoleVersion } from '@manager/platform';
import {
  getConsoleVersions,
  SHELL_BUILD,
  subscribeConsoleVersions,
  type ConsoleVersions,
} from '../remotes/versions';

/**
 * `X-Console-Version` as the API keeps it in audit rows: `shell@<version>+<commit>`, then
 * `<remote>@<version>` for each remote this tab has loaded, in the console's order. A remote not
 * loaded took no part in the call; one of unknown version (a working-tree build without
 * release info) has nothing to say.
 */
export function consoleVersionText(versions: ConsoleVersions, shell: BuildInfo = SHELL_BUILD): string {
  const parts = [`shell@${shell.version}+${shell.commit}`];
  // The console's own remotes in its order, then any area from outside it this tab loaded.
  const outside = Object.keys(versions.loaded).filter(
    (n) => !(REMOTE_NAMES as readonly string[]).includes(n),
  );
  for (const name of [...REMOTE_NAMES, ...outside]) {
    const version = versions.loaded[name]?.version;
    if (version) parts.push(`${name}@${version}`);
  }
  return parts.join(' ');
}

/** Keeps the API client's `X-Console-Version` on what the tab runs now; returns the unsubscribe. */
export function keepConsoleVersionCurrent(): () => void {
  const update = () => setConsoleVersion(consoleVersionText(getConsoleVersions()));
  update();
  return subscribeConsoleVersions(update);
}
