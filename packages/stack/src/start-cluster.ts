// `pnpm start:cluster`: builds what is stale, then three API instances over one PostgreSQL
// database (CLUSTER_DATABASE_URL, created when missing, migrated and seeded when empty by its
// owner, served by the runtime role `<database>_app` that may only read and write rows), nginx in
// front of them (deploy/nginx/cluster.conf, its own prefix folder under /tmp), and the
// console and the remotes as `pnpm start` serves them, with their API URL pointing at nginx.
// Ports: nginx 4100, instances 4101-4103, console 4104, remotes 4105-4109, all shifted by
// CLUSTER_PORT_OFFSET. Ctrl+C stops everything.
import path from 'node:path';
import { buildStale } from './build';
import { DEFAULT_CLUSTER_DATABASE_URL, clusterPorts, startCluster, type Cluster } from './cluster';
import { REMOTES, ROOT, consoleOrigins, consoleServers, signInLines } from './start';

const env = process.env;
const offset = Number(env.CLUSTER_PORT_OFFSET ?? 0);
const instances = Number(env.CLUSTER_INSTANCES ?? 3);
const databaseUrl = env.CLUSTER_DATABASE_URL || DEFAULT_CLUSTER_DATABASE_URL;
const publicHost = env.STACK_PUBLIC_HOST ?? 'localhost';
const origin = (port: number) => `http://${publicHost}:${port}`;

async function main() {
  if (env.SKIP_BUILD !== '1') buildStale(ROOT);
  let cluster: Cluster | null = null;
  let console_: ReturnType<typeof consoleServers> | null = null;
  let shuttingDown = false;
  const stopAll = async (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    await Promise.all([cluster?.stop(), ...(console_?.servers.map((s) => s.stop()) ?? [])]);
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  const ports = clusterPorts(offset, instances);
  const started = await startCluster({
    offset,
    instances,
    databaseUrl,
    env: {
      CORS_ORIGINS: env.CORS_ORIGINS ?? consoleOrigins(ports),
      UPLOADS_DIR: env.UPLOADS_DIR ?? path.join(ROOT, 'packages/api/.data/cluster-uploads'),
    },
    // One simulated platform, not one per instance.
    instanceEnv: (i) => ({ SIMULATE_ACTIVITY_MS: i === 0 ? (env.SIMULATE_ACTIVITY_MS ?? '3000') : '0' }),
  });
  cluster = started;
  for (const node of started.instances) {
    node.child?.on('exit', (code, signal) => {
      if (!shuttingDown)
        console.error(`${node.name} exited (${signal ?? code}); nginx sends its requests to the others`);
    });
  }
  started.nginx.on('exit', (code) => {
    if (shuttingDown) return;
    console.error(`nginx exited (${code}): see ${started.prefix}/error.log`);
    void stopAll(1);
  });

  const consoleSide = consoleServers({ consolePorts: ports, apiOrigin: origin(ports.nginx) });
  console_ = consoleSide;
  await Promise.all(consoleSide.servers.map((s) => s.start()));

  const { keyNote, signIn } = signInLines(consoleSide.apiKeyHeader);
  console.log(`
Manager console: ${origin(ports.console)}   (open this one)
  API:           ${origin(ports.nginx)} (nginx)${keyNote}
  Instances:     ${started.instances.map((n) => `${n.name} ${n.port}`).join(', ')}
  Database:      ${databaseUrl} (migrated as its owner; the instances connect as ${started.runtimeRole})
  nginx:         ${started.prefix} (config, logs)
  Remotes:       ${REMOTES.map((r) => `${r} ${ports[r]}`).join(', ')}
  Sign in:       ${signIn}
Press Ctrl+C to stop.`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
