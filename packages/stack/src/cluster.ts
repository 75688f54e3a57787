// The cluster: API instances over one PostgreSQL database with nginx in front of them, all on
// loopback. `pnpm start:cluster` (start-cluster.ts) adds the console; the cluster suite
// (packages/e2e/cluster/) and the bench (@manager/bench, cluster.mjs) start one of their own on
// other ports.
// As production runs: the database's owner migrates once, the instances serve as a runtime role
// that may only read and write rows (docs/security.md, Database roles).
import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { REMOTES, type RemoteName } from './apps';
import { ensureDatabase, ensureRuntimeRole } from './cluster-database';
import { ROOT, TOTP_SECRET, spawnApi, waitFor } from './start';

export { ensureDatabase, ensureRuntimeRole, withUser } from './cluster-database';

export const DEFAULT_CLUSTER_DATABASE_URL = 'postgres:///manager_cluster?host=/var/run/postgresql';
export const NGINX_TEMPLATE = path.join(ROOT, 'deploy/nginx/cluster.conf');
const NGINX = process.env.NGINX_BIN ?? (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

/**
 * nginx on 4100, the API instances on 4101.., the console on 4104 and the remotes on
 * 4105-4109, all shifted by `offset` (CLUSTER_PORT_OFFSET), apart from `pnpm start`'s ports.
 */
export function clusterPorts(offset = 0, instances = 3): ClusterPorts {
  return {
    offset,
    nginx: 4100 + offset,
    apis: Array.from({ length: instances }, (_, i) => 4101 + offset + i),
    console: 4104 + offset,
    ...(Object.fromEntries(REMOTES.map((r, i) => [r, 4105 + offset + i])) as Record<RemoteName, number>),
  };
}

export type ClusterPorts = { offset: number; nginx: number; apis: number[]; console: number } & Record<
  RemoteName,
  number
>;

/** The processes' output, kept when quiet (the last 200,000 characters). */
export interface OutputSink {
  text: string;
}

/**
 * `pnpm --filter @manager/api migrate` once, as the owner (MIGRATION_DATABASE_URL = `ownerUrl`):
 * migrates, grants `appUrl`'s role what the API needs, and outside production (`--seed`) gives an
 * empty database the demo admins and data, as a development start would.
 */
async function migrateOnce({
  ownerUrl,
  appUrl,
  env,
  quiet,
  sink,
}: {
  ownerUrl: string;
  appUrl: string;
  env: Record<string, string>;
  quiet: boolean;
  sink: OutputSink;
}) {
  const production = (env.NODE_ENV ?? process.env.NODE_ENV) === 'production';
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/db/migrate-cli.ts', ...(production ? [] : ['--seed'])],
    {
      cwd: path.join(ROOT, 'packages/api'),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DEMO_2FA_SECRET: TOTP_SECRET,
        ...env,
        MIGRATION_DATABASE_URL: ownerUrl,
        DATABASE_URL: appUrl,
      },
    },
  );
  pipeLines(child, 'migrate', quiet, sink);
  const code = await new Promise<number | string | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? signal));
  });
  if (code !== 0) throw new Error(`the migration step ended with ${code}`);
}

/** The template with its fields filled. */
export function nginxConfig({
  prefix,
  port,
  upstreams,
}: {
  prefix: string;
  port: number;
  upstreams: number[];
}): string {
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  return fs
    .readFileSync(NGINX_TEMPLATE, 'utf8')
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{PORT}}', String(port))
    .replaceAll('{{UPSTREAM_SERVERS}}', servers);
}

/** Prefixes each line a child writes with `[name] ` (or keeps it in `sink.text` when quiet). */
function pipeLines(child: ChildProcess, name: string, quiet: boolean, sink: OutputSink) {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString();
      const lines = text.split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        sink.text = (sink.text + `[${name}] ${line}\n`).slice(-200_000);
        if (!quiet) process.stdout.write(`[${name}] ${line}\n`);
      }
    });
  }
}

/** Resolves when `child` has exited; SIGTERM first, SIGKILL after `graceMs`. */
export function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts nginx with its own prefix folder (config, pid, logs, temp files) in front of
 * `upstreams`. Resolves once it answers on `port`.
 */
export async function startNginx({
  prefix,
  port,
  upstreams,
  quiet,
  sink,
}: {
  prefix: string;
  port: number;
  upstreams: number[];
  quiet: boolean;
  sink: OutputSink;
}): Promise<ChildProcess> {
  fs.mkdirSync(path.join(prefix, 'temp'), { recursive: true });
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), nginxConfig({ prefix, port, upstreams }));
  const child = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  pipeLines(child, 'nginx', quiet, sink);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve());
    child.once('error', (error) =>
      reject(new Error(`cannot run ${NGINX} (apt-get install nginx): ${error.message}`)),
    );
  });
  return child;
}

export interface ClusterOptions {
  offset?: number;
  instances?: number;
  databaseUrl?: string;
  fresh?: boolean;
  env?: Record<string, string>;
  instanceEnv?: (index: number) => Record<string, string>;
  quiet?: boolean;
  prefix?: string;
  startTimeoutMs?: number;
}

/** One API instance of a cluster: started, killed (as when a machine dies) or stopped. */
export interface ClusterInstance {
  index: number;
  name: string;
  port: number;
  url: string;
  child: ChildProcess | null;
  start(): Promise<ClusterInstance>;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export interface Cluster {
  ports: ClusterPorts;
  prefix: string;
  databaseUrl: string;
  /** The role the instances connect as. */
  runtimeRole: string;
  url: string;
  instances: ClusterInstance[];
  nginx: ChildProcess;
  output: OutputSink;
  stop(): Promise<void>;
}

/**
 * Migrates as `databaseUrl`'s role (the owner) once, granting the runtime role (ensureRuntimeRole)
 * and, outside production, seeding an empty database; then starts the instances as the runtime
 * role, then nginx in front of them all.
 *
 * `env` goes to every instance, `instanceEnv(i)` to instance i (0-based) only; `fresh` drops
 * the database first; `quiet` keeps the processes' output in `output.text` instead of
 * printing it. The returned `instances[i]` can be killed and started again (`restart`).
 */
export async function startCluster({
  offset = 0,
  instances = 3,
  databaseUrl = DEFAULT_CLUSTER_DATABASE_URL,
  fresh = false,
  env = {},
  instanceEnv = () => ({}),
  quiet = false,
  prefix = `/tmp/manager-cluster-${offset}`,
  startTimeoutMs = 300_000,
}: ClusterOptions = {}): Promise<Cluster> {
  const ports = clusterPorts(offset, instances);
  const output: OutputSink = { text: '' };
  await ensureDatabase(databaseUrl, { fresh });
  const runtime = await ensureRuntimeRole(databaseUrl);
  fs.mkdirSync(prefix, { recursive: true });

  const nodes = ports.apis.map((port, i) => {
    const node: ClusterInstance = {
      index: i,
      name: `api-${i + 1}`,
      port,
      url: `http://127.0.0.1:${port}`,
      child: null,
      async start() {
        const child = spawnApi(
          {
            // The runtime role only: an instance never holds the owner's password.
            DATABASE_URL: runtime.url,
            API_PORT: String(port),
            API_HOST: '127.0.0.1',
            // nginx connects from loopback; its X-Forwarded-For names the client.
            TRUST_PROXY: 'loopback',
            UPLOADS_DIR: path.join(prefix, 'uploads'),
            // Each instance's PostgreSQL connections are named after it (pg_stat_activity).
            PGAPPNAME: `manager-${node.name}`,
            ...env,
            ...instanceEnv(i),
          },
          ['ignore', 'pipe', 'pipe'],
        );
        node.child = child;
        pipeLines(child, node.name, quiet, output);
        await waitFor(`${node.url}/health`, startTimeoutMs, child);
        return node;
      },
      /** SIGKILL: no shutdown hook runs, as when a machine dies. */
      kill: () =>
        new Promise<void>((resolve) => {
          const child = node.child;
          if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
      stop: () => (node.child ? stopChild(node.child) : Promise.resolve()),
    };
    return node;
  });

  let nginx: ChildProcess | null = null;
  // Nothing outlives this process, whatever ends it.
  process.once('exit', () => {
    for (const child of [...nodes.map((n) => n.child), nginx]) child?.kill('SIGTERM');
  });
  const stop = async () => {
    await Promise.all([...nodes.map((n) => n.stop()), nginx ? stopChild(nginx, 3000) : null]);
  };
  let started: ChildProcess;
  try {
    await migrateOnce({ ownerUrl: databaseUrl, appUrl: runtime.url, env, quiet, sink: output });
    await Promise.all(nodes.map((n) => n.start()));
    started = nginx = await startNginx({
      prefix,
      port: ports.nginx,
      upstreams: ports.apis,
      quiet,
      sink: output,
    });
    await waitFor(`http://127.0.0.1:${ports.nginx}/health`, 10_000, started);
  } catch (error) {
    await stop();
    const tail = quiet ? `\n${output.text.slice(-3000)}` : '';
    throw new Error(`${error instanceof Error ? error.message : error}${tail}`, { cause: error });
  }
  return {
    ports,
    prefix,
    databaseUrl,
    /** The role the instances connect as. */
    runtimeRole: runtime.role,
    url: `http://127.0.0.1:${ports.nginx}`,
    instances: nodes,
    nginx: started,
    output,
    stop,
  };
}
