#!/usr/bin/env node
// Starts the real server for the browser journeys on a fresh embedded PostgreSQL in
// .tmp/e2e-data (e2e/order-setup.ts reads it), with demo data, the built storefront and
// group-order site (under /group-orders-site), and the development mailbox. The API runs compiled
// (apps/api/dist, as production runs it); what is older than its sources is built first
// (scripts/lib/ensure-build.mjs).
//
// E2E_TOPOLOGY=cluster (the default): the production shape on one machine (docs/operations.md):
// two API processes (JOBS_IN_PROCESS=false) behind the round-robin balancer of scripts/lb.mjs on
// E2E_PORT, a separate job worker (`npm run worker`'s entry), one PostgreSQL, and Redis at
// TEST_REDIS_URL (default redis://127.0.0.1:6379) under a prefix of this run for the shared rate
// limits, and an S3-compatible bucket (s3rver) for the restaurants' photos. Consecutive requests
// of a journey land on different processes, so anything kept in one process's memory (or folder)
// that should be shared shows up as a failing journey. Without a reachable
// Redis it runs anyway (the limits that matter are then shared through PostgreSQL) and says so.
// E2E_TOPOLOGY=single: one API process with its in-process job runner, as `npm start` runs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from './lib/ensure-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, '.tmp/e2e-data');
const port = Number(process.env.E2E_PORT || '3210');
const topology = process.env.E2E_TOPOLOGY || 'cluster';
if (!['cluster', 'single'].includes(topology)) {
  console.error(`E2E_TOPOLOGY must be cluster or single, not ${topology}`);
  process.exit(1);
}
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const common = {
  ...process.env,
  NODE_ENV: 'test',
  DEV_MAILBOX: 'true',
  LOG_LEVEL: 'warn',
  SIGNIN_BACKOFF_AFTER: '1000',
  // journeys move the server clock past a group order's cut-off (POST api/v2/test/clock)
  E2E_CONTROLLABLE_CLOCK: 'true',
  JOBS_POLL_MS: '1000',
};
delete common.DATABASE_URL;
delete common.REDIS_URL;

const children = [];
let stopping = false;
let stopDatabase = async () => {};

/** Starts one of the compiled API's programs (apps/api/dist: server.js, worker.js), as production runs it. */
function run(name, script, env) {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist', script)], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`e2e-server: ${name} exited (${signal ?? code}); stopping the rest`);
    void stop(1);
  });
  children.push(child);
  return child;
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  const exits = children
    .filter((c) => c.exitCode === null && c.signalCode === null)
    .map(
      (c) =>
        new Promise((r) => {
          c.once('exit', r);
          c.kill('SIGTERM');
        }),
    );
  await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 12_000))]);
  await stopDatabase().catch(() => undefined);
  process.exit(code);
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void stop(0));

async function waitReady(url, timeoutMs = 150_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (stopping) return;
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready in ${timeoutMs / 1000}s`);
}

function reachable(url) {
  const { hostname, port: p } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(p || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function main() {
  // the compiled API and both sites, rebuilt when older than their sources
  ensureBuild((m) => console.error(`e2e-server: ${m}`));
  if (topology === 'single') {
    run('api', 'server.js', { ...common, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'true' });
  } else {
    // one PostgreSQL for every process: the embedded server, in the folder e2e/order-setup.ts reads
    const { register } = await import('tsx/esm/api');
    register();
    const { startEmbeddedPostgres, ensureAppDatabase } = await import('../apps/api/src/db/embedded.ts');
    const pgServer = await startEmbeddedPostgres(path.join(dataDir, 'postgres'));
    stopDatabase = () => pgServer.stop();
    // every process connects as the app's own role, as npm start does (decision 028)
    const databaseUrl = await ensureAppDatabase(pgServer);

    const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
    const redis = (await reachable(redisUrl))
      ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: process.env.E2E_REDIS_PREFIX || `caterway:e2e:${process.pid}:` }
      : {};
    if (!redis.REDIS_URL)
      console.error(`e2e-server: no Redis at ${redisUrl}; rate limits shared through PostgreSQL only`);

    // photos (decision 054): the instances share one bucket, as production with several instances
    // must; s3rver serves the S3 API on loopback, its objects under .tmp/e2e-data/s3
    const { default: S3rver } = await import('s3rver');
    const s3 = await new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(dataDir, 's3'),
      configureBuckets: [{ name: 'caterway-e2e' }],
    }).run();
    const photos = {
      S3_BUCKET: 'caterway-e2e',
      S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };

    const cluster = {
      ...common,
      ...redis,
      ...photos,
      DATABASE_URL: databaseUrl,
      // every process signs and checks the same session tokens
      JWT_SECRET: 'e2e-cluster-secret-e2e-cluster-secret-0123',
      PUBLIC_URL: `http://localhost:${port}`,
      HOST: '127.0.0.1',
      // the balancer connects from loopback; only its X-Forwarded-For is believed
      TRUST_PROXY: '127.0.0.1',
      JOBS_IN_PROCESS: 'false',
    };
    const apiPorts = [port + 1, port + 2];
    // the first process migrates and loads the demo data; the others start on a ready database
    run('api-1', 'server.js', {
      ...cluster,
      PORT: String(apiPorts[0]),
      DATA_DIR: path.join(dataDir, 'api-1'),
      SEED_DEMO: 'true',
    });
    await waitReady(`http://127.0.0.1:${apiPorts[0]}/api/ready`);
    run('api-2', 'server.js', {
      ...cluster,
      PORT: String(apiPorts[1]),
      DATA_DIR: path.join(dataDir, 'api-2'),
      SEED_DEMO: 'false',
    });
    run('worker', 'worker.js', { ...cluster, DATA_DIR: path.join(dataDir, 'worker'), SEED_DEMO: 'false' });
    await waitReady(`http://127.0.0.1:${apiPorts[1]}/api/ready`);
    const { startBalancer } = await import('./lb.mjs');
    await startBalancer({
      port,
      host: 'localhost',
      backends: apiPorts.map((p) => `127.0.0.1:${p}`),
      log: (m) => console.error(m),
    });
    console.log(
      `e2e cluster: http://localhost:${port} -> 127.0.0.1:${apiPorts.join(', 127.0.0.1:')} + worker${redis.REDIS_URL ? `, Redis prefix ${redis.REDIS_KEY_PREFIX}` : ''}`,
    );
  }
}

main().catch((err) => {
  console.error(`e2e-server: ${err.message}`);
  void stop(1);
});
