import apps from './apps.json' with { type: 'json' };
import { REMOTE_NAMES, type RemoteName } from './routes.ts';

/**
 * The console's apps, written once in `apps.json`: the shell and each remote with its folder,
 * the port `pnpm start` serves it on and its development server's port. JSON, so the build,
 * the stack's scripts and ESLint read the same file as the TypeScript here (a sixth remote:
 * docs/remotes.md).
 */
export interface ConsoleApp {
  readonly folder: string;
  readonly port: number;
  /** `pnpm dev`'s port: apart from `pnpm start`'s and the test stack's, so all three run at once. */
  readonly devPort: number;
}

export const SHELL_APP: ConsoleApp = apps.shell;
export const REMOTE_APPS: Readonly<Record<RemoteName, ConsoleApp>> = apps.remotes;

/** Every app, the shell first, remotes in REMOTE_NAMES order. */
export const CONSOLE_APPS: readonly ConsoleApp[] = [
  SHELL_APP,
  ...REMOTE_NAMES.map((name) => REMOTE_APPS[name]),
];
