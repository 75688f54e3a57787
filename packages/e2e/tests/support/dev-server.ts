import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from '@playwright/test';

/** A dev server (`vite`) a spec started, and what it printed so far. */
export interface DevServer {
  child: ChildProcess;
  output: () => string;
}

/**
 * `vite` (an app's `pnpm dev`) in `folder` with `env` over this process's (PORT cleared, so
 * PORT_OFFSET or the app's own port decides); resolves once `port` answers.
 */
export async function startDevServer(
  folder: string,
  port: number,
  env: Record<string, string>,
): Promise<DevServer> {
  const child = spawn('pnpm', ['exec', 'vite'], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: '', ...env },
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`vite in ${folder} exited:\n${output}`);
        return fetch(`http://localhost:${port}/`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 60_000 },
    )
    .toBe(200);
  return { child, output: () => output };
}

/** Stops a dev server: its whole process group (pnpm, vite and vite's workers). */
export async function stopDevServer({ child }: DevServer): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}
