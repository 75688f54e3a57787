#!/usr/bin/env node
// `pnpm start:cluster`: builds what is stale, then three API instances over one PostgreSQL
// database (CLUSTER_DATABASE_URL, created when missing, migrated and seeded when empty by its
// owner, served by the runtime role `<database>_app` that may only read and write rows), nginx in
// front of them (deploy/nginx/cluster.conf, its own prefix folder under /tmp), and the
// console and the remotes as `pnpm start` serves them, with their API URL pointing at nginx.
// Ports: nginx 4100, instances 4101-4103, console 4104, remotes 4105-4109, all shifted by
// CLUSTER_PORT_OFFSET. Ctrl+C stops everything.
import path from 'node:path';
import { buildStale } from './build.mjs';
import { DEFAULT_CLUSTER_DATABASE_URL, clusterPorts, startCluster } from './cluster.mjs';
import { REMOTES, ROOT, consoleOrigins, consoleServers, signInLines } from './start.mjs';

const env = process.env;
const offset = Number(env.CLUSTER_PORT_OFFSET ?? 0);
const instances = Number(env.CLUSTER_INSTANCES ?? 3);
const databaseUrl = env.CLUSTER_DATABASE_URL || DEFAULT_CLUSTER_DATABASE_URL;
const publicHost = env.STACK_PUBLIC_HOST ?? 'localhost';
const origin = (port) => `http://${publicHost}:${port}`;

async function main() {
  if (env.SKIP_BUILD !== '1') buildStale(ROOT);
  let cluster = null;
  let console_ = null;
  let shuttingDown = false;
  const stopAll = async (code) => {
    if (shuttingDown) return;
    shuttingDown = true;
    await Promise.all([cluster?.stop(), ...(console_?.servers.map((s) => s.stop()) ?? [])]);
    process.exit(code);
  };
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));

  const ports = clusterPorts(offset, instances);
  cluster = await startCluster({
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
  for (const node of cluster.instances) {
    node.child.on('exit', (code, signal) => {
      if (!shuttingDown) console.error(`${node.name} exited (${signal ?? code}); nginx sends its requests to the others`);
    });
  }
  cluster.nginx.on('exit', (code) => {
    if (shuttingDown) return;
    console.error(`nginx exited (${code}): see ${cluster.prefix}/error.log`);
    stopAll(1);
  });

  console_ = consoleServers({ consolePorts: ports, apiOrigin: origin(ports.nginx) });
  await Promise.all(console_.servers.map((s) => s.start()));

  const { keyNote, signIn } = signInLines(console_.apiKeyHeader);
  console.log(`
Manager console: ${origin(ports.console)}   (open this one)
  API:           ${origin(ports.nginx)} (nginx)${keyNote}
  Instances:     ${cluster.instances.map((n) => `${n.name} ${n.port}`).join(', ')}
  Database:      ${databaseUrl} (migrated as its owner; the instances connect as ${cluster.runtimeRole})
  nginx:         ${cluster.prefix} (config, logs)
  Remotes:       ${REMOTES.map((r) => `${r} ${ports[r]}`).join(', ')}
  Sign in:       ${signIn}
Press Ctrl+C to stop.`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
