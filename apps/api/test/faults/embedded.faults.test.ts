// Issue 7 item 4: the default start (embedded PostgreSQL under DATA_DIR) killed five times during
// order writes, alternately the app (SIGKILL) and its PostgreSQL child (SIGKILL). See decision 013.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool, type Db } from '../../src/db/pool.js';
import { describeUnfinished, fixture, runCheckoutLoad, sandboxCard, signInDemo } from './checkout-load.js';
import { postgresProcessesOf, startApi, waitFor, type ApiProcess } from './processes.js';

const API_PORT = 3631;
const SECOND_PORT = 3632;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caterway-faults-embedded-'));
const pgDir = path.join(dataDir, 'postgres');
const env = { DATA_DIR: dataDir, JOBS_POLL_MS: '1000' };

let api: ApiProcess;

/** The postmaster's pid and port from postmaster.pid. */
function postmaster(): { pid: number; port: number } {
  const lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}
const connect = (): Db => {
  // the superuser's random password, kept in the data folder (decision 028)
  const { superuser_password: password } = JSON.parse(
    fs.readFileSync(path.join(dataDir, 'postgres-credentials.json'), 'utf8'),
  ) as { superuser_password: string };
  const db = createPool(`postgres://caterway:${encodeURIComponent(password)}@127.0.0.1:${postmaster().port}/caterway`, {
    max: 1,
  });
  db.on('error', () => undefined);
  return db;
};

beforeAll(async () => {
  api = startApi(API_PORT, env);
  await api.waitHealthy(150_000); // first start: initdb, migrations, demo catalogue
}, 180_000);

afterAll(async () => {
  await api?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('refuses a second app on the same data folder with a clear message', async () => {
  const second = startApi(SECOND_PORT, env);
  const code = await second.waitExit(60_000);
  expect(code).toBe(1);
  expect(second.output()).toMatch(/Another Caterway server \(pid \d+\) is already running on the data folder/);
  expect(second.output()).not.toMatch(/\n\s+at /); // no stack trace
  // the first one is untouched
  expect((await fetch(`${api.url}/api/ready`)).status).toBe(200);
});

it('survives five kills of the app or its database with every acknowledged order and no orphaned postgres', async () => {
  let db = connect();
  const f = await fixture(db);
  const firstId = Number((await db.query('SELECT coalesce(max(id), 0) + 1 AS id FROM catering_orders')).rows[0].id);
  await db.end();
  const jwt = await signInDemo(api.url);
  const pm = await sandboxCard(api.url, jwt);

  const notes: string[] = [];
  const killer = (async () => {
    for (let round = 1; round <= 5; round++) {
      await new Promise((r) => setTimeout(r, 1_500 + Math.random() * 2_500));
      if (round % 2 === 1) {
        // SIGKILL of the app: its postgres child is orphaned; the next start must stop it
        const before = postmaster().pid;
        api.child.kill('SIGKILL');
        await api.waitExit();
        const orphaned = postgresProcessesOf(pgDir).includes(before);
        const started = Date.now();
        api = startApi(API_PORT, env);
        await api.waitHealthy();
        expect(postmaster().pid).not.toBe(before);
        expect(postgresProcessesOf(pgDir)).not.toContain(before);
        notes.push(`app killed (postgres orphaned: ${orphaned}), back in ${Date.now() - started} ms`);
      } else {
        // SIGKILL of the postgres child: the running app restarts it
        const before = postmaster().pid;
        process.kill(before, 'SIGKILL');
        const started = Date.now();
        await waitFor(
          async () =>
            (await fetch(`${api.url}/api/ready`).catch(() => undefined))?.status === 200 && postmaster().pid !== before
              ? true
              : undefined,
          30_000,
          200,
        );
        expect(api.exited()).toBe(false);
        notes.push(`postgres killed, app served again in ${Date.now() - started} ms`);
      }
      // exactly one postmaster on the folder
      const pids = postgresProcessesOf(pgDir);
      expect(pids).toContain(postmaster().pid);
    }
  })();
  // writes until the fifth kill is over, and 3 s more
  const load = await runCheckoutLoad({
    base: () => api.url,
    jwt,
    pm,
    f,
    clients: 3,
    durationMs: 3_000,
    until: killer.catch(() => undefined),
    settleMs: 60_000,
  });
  await killer;

  db = connect();
  try {
    expect(load.unfinished, await describeUnfinished(db, load)).toEqual([]);
    expect(load.acknowledged.length).toBeGreaterThanOrEqual(10);
    const ids = load.acknowledged.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    const { rows } = await db.query<{ id: number; payment_status: string; intents: number }>(
      `SELECT o.id, o.payment_status,
              (SELECT count(*) FROM sandbox_payment_intents i WHERE i.metadata->>'order_id' = o.id::text)::int AS intents
         FROM catering_orders o WHERE o.id >= $1 AND o.payment_status <> 'unpaid'`,
      [firstId],
    );
    for (const r of rows) {
      expect(r.payment_status).toBe('authorized');
      expect(r.intents).toBe(1);
    }
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
  } finally {
    await db.end();
  }

  // a clean stop leaves no postgres process on the folder
  await api.stop();
  await waitFor(() => (postgresProcessesOf(pgDir).length === 0 ? true : undefined), 15_000, 100);
  console.log(
    `embedded: ${load.acknowledged.length} orders acknowledged over ${load.samples.length} requests; ${notes.join('; ')}`,
  );
}, 300_000);
