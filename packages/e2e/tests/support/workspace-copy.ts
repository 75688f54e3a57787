import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository the stack runs from. */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** What a spec changes in a copy before it builds a release of `mf-settings`. */
export interface SettingsEdits {
  /** A line of text shown on the Settings page under its header, to tell the releases apart. */
  marker: string;
  /** Adds an antd `Timeline` (imported from `@manager/ui`, used nowhere else) under the marker. */
  timeline?: boolean;
  /** The version in `packages/ui/package.json`: what the build records as the `ui` it needs. */
  uiVersion?: string;
  /** The Audit Log page fails as it renders: a release that breaks the balance-to-audit journey. */
  breakAudit?: boolean;
}

/** The text of the Timeline's one item (`SettingsEdits.timeline`). */
export const TIMELINE_TEXT = 'Shipped with a Timeline';

const ROUTES = 'mf-settings/src/routes.tsx';
const UI_PACKAGE = 'packages/ui/package.json';

export interface CommandResult {
  code: number;
  stdout: string;
  /** stdout and stderr together, as a person reads them. */
  output: string;
}

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Runs a command to its end. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, output }));
  });
}

/**
 * A throwaway copy of the workspace, the way a feature team's checkout of a newer commit
 * looks: the sources (tracked and untracked, not ignored) copied, the root `node_modules`
 * a symlink to this repository's, and each package's `node_modules` copied as the relative
 * links pnpm made (so `@manager/ui` there is the copy's `packages/ui`, edits included).
 * A release built in it is a build the stack's console was never built with.
 */
export class WorkspaceCopy {
  private readonly pristine = new Map<string, string>();

  private constructor(readonly dir: string) {}

  static create(): WorkspaceCopy {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manager-e2e-workspace-'));
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: REPO,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .split('\0')
      .filter(Boolean);
    const packageDirs = new Set<string>();
    for (const file of files) {
      const from = path.join(REPO, file);
      const stat = fs.lstatSync(from, { throwIfNoEntry: false });
      if (!stat) continue; // deleted in the working tree, still in the index
      const to = path.join(dir, file);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      if (stat.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(from), to);
      else fs.copyFileSync(from, to);
      if (path.basename(file) === 'package.json' && path.dirname(file) !== '.')
        packageDirs.add(path.dirname(file));
    }
    fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'));
    // A repository of its own, so each release records the commit it was built from.
    git(dir, 'init', '-q');
    fs.appendFileSync(path.join(dir, '.git/info/exclude'), '/node_modules\n');
    for (const pkg of packageDirs) {
      const modules = path.join(REPO, pkg, 'node_modules');
      if (!fs.existsSync(modules)) continue;
      fs.cpSync(modules, path.join(dir, pkg, 'node_modules'), {
        recursive: true,
        verbatimSymlinks: true,
        // Tool caches are not part of an install.
        filter: (src) => !/[\\/]node_modules[\\/]\.(vite|vitest|cache)([\\/]|$)/.test(src),
      });
    }
    const copy = new WorkspaceCopy(dir);
    copy.commit('the workspace as the stack runs it');
    return copy;
  }

  /**
   * Sets the copy's `mf-settings` page and `ui` version as `edits` says, from the original
   * sources, and commits the change (the release's `commit`).
   */
  edit(edits: SettingsEdits): void {
    let routes = this.original(ROUTES);
    const imports = 'const [{ PageHeader }, ';
    const header = '<PageHeader title="Settings" subtitle="Manage application settings" />';
    if (!routes.includes(imports) || !routes.includes(header)) {
      throw new Error(`${ROUTES} changed: update the edits of tests/support/workspace-copy.ts`);
    }
    const timeline = edits.timeline
      ? `<Timeline items={[{ title: ${JSON.stringify(TIMELINE_TEXT)}, content: 'An antd component the console never used before' }]} />`
      : '';
    if (edits.timeline) routes = routes.replace(imports, 'const [{ PageHeader, Timeline }, ');
    routes = routes.replace(header, `${header}\n<p>${edits.marker}</p>\n${timeline}`);
    if (edits.breakAudit) {
      const audit = "import('./features/audit/components/audit-page')";
      if (!routes.includes(audit))
        throw new Error(`${ROUTES} changed: update breakAudit of tests/support/workspace-copy.ts`);
      routes = routes.replace(
        audit,
        `Promise.resolve({ default: () => { throw new Error('${edits.marker}'); } })`,
      );
    }
    this.write(ROUTES, routes);

    const ui = JSON.parse(this.original(UI_PACKAGE)) as { version: string };
    if (edits.uiVersion) ui.version = edits.uiVersion;
    this.write(UI_PACKAGE, `${JSON.stringify(ui, null, 2)}\n`);
    this.commit(edits.marker);
  }

  private commit(message: string): void {
    git(this.dir, 'add', '-A');
    git(
      this.dir,
      '-c',
      'user.name=e2e',
      '-c',
      'user.email=e2e@localhost',
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      message,
    );
  }

  /** `pnpm <args>` in the copy (e.g. `release settings`), with `env` added. */
  pnpm(args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
    return run('pnpm', args, this.dir, env);
  }

  remove(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private original(file: string): string {
    let text = this.pristine.get(file);
    if (text === undefined) {
      text = fs.readFileSync(path.join(this.dir, file), 'utf8');
      this.pristine.set(file, text);
    }
    return text;
  }

  private write(file: string, text: string): void {
    fs.writeFileSync(path.join(this.dir, file), text);
  }
}
