import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../api');

/**
 * Runs a seeding script (TypeScript, in the API's folder, with tsx) into a fresh PGlite folder
 * `dir`, for an API of a spec's own (`usePrivateApi({ PGLITE_DIR: dir })`). The script reads
 * `SEED_DIR` and the given variables, and prints one line `<marker> <json>`: its answer.
 */
export function runSeedScript<T>(
  dir: string,
  script: string,
  vars: Record<string, string>,
  { marker, what }: { marker: string; what: string },
): Promise<T> {
  fs.rmSync(dir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, SEED_DIR: dir, ...vars };
  delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: API_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = text.split('\n').find((l) => l.startsWith(`${marker} `));
      if (code === 0 && line) resolve(JSON.parse(line.slice(marker.length + 1)) as T);
      else reject(new Error(`seeding ${what} exited with ${code}\n${text.slice(-2000)}`));
    });
  });
}
