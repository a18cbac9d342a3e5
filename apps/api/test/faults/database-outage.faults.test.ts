// Issue 7 item 4: the API on a PostgreSQL server (DATABASE_URL) while the server is SIGKILLed
// during order writes and restarted a few seconds later. See docs/decisions/013-faults.md.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool, withDatabase, type Db } from '../../src/db/pool.js';
import { describeUnfinished, fixture, request, runCheckoutLoad, sandboxCard, signInDemo } from './checkout-load.js';
import { createCluster, postgresProcessesOf, startApi, waitFor, type ApiProcess, type Cluster } from './processes.js';

const PG_PORT = 3611;
const API_PORT = 3612;
const DURATION_MS = Number(process.env.FAULTS_DURATION_MS ?? 60_000);

let cluster: Cluster;
let api: ApiProcess;
let db: Db;

beforeAll(async () => {
  cluster = await createCluster(PG_PORT);
  const admin = createPool(cluster.url, { max: 1 });
  await admin.query('CREATE DATABASE caterway');
  await admin.end();
  api = startApi(API_PORT, { DATABASE_URL: withDatabase(cluster.url, 'caterway'), JOBS_POLL_MS: '500' });
  await api.waitHealthy();
  db = createPool(withDatabase(cluster.url, 'caterway'), { max: 2 });
  db.on('error', () => undefined);
}, 180_000);

afterAll(async () => {
  await db?.end().catch(() => undefined);
  await api?.stop();
  await cluster?.remove();
});

it(
  'keeps every acknowledged order exactly once, answers 503 fast while the database is down and recovers within 5 s',
  async () => {
    const f = await fixture(db);
    const jwt = await signInDemo(api.url);
    const pm = await sandboxCard(api.url, jwt);
    const firstId = Number((await db.query('SELECT coalesce(max(id), 0) + 1 AS id FROM catering_orders')).rows[0].id);

    // the kill comes at a random moment in the middle of the run; the restart a few seconds later
    const killAt = DURATION_MS * (0.25 + Math.random() * 0.35);
    const downMs = 3_000 + Math.random() * 2_000;
    let killedAt = 0;
    let downAt = 0;
    let restartAt = 0;
    let acceptingAt = 0;
    let firstOkAfter = 0;
    const outage = (async () => {
      await new Promise((r) => setTimeout(r, killAt));
      killedAt = Date.now();
      cluster.kill();
      // the old backends serve their open connections until they notice the postmaster died
      await waitFor(() => (postgresProcessesOf(cluster.dir).length === 0 ? true : undefined), 10_000, 20);
      downAt = Date.now();
      await new Promise((r) => setTimeout(r, downMs));
      restartAt = Date.now();
      await cluster.start(); // resolves once it accepts connections
      acceptingAt = Date.now();
      // the API's own recovery, measured on the readiness route
      let last = '';
      await waitFor(
        async () => {
          const r = await request(api.url, 'GET', '/api/ready', undefined, {}, []);
          last = `${r.status} ${r.body}`;
          return r.status === 200 ? true : undefined;
        },
        30_000,
        100,
      ).catch((err) => {
        throw new Error(`${(err as Error).message}: /api/ready answered ${last}\n${api.output().slice(-4000)}`);
      });
      firstOkAfter = Date.now() - acceptingAt;
    })();

    const load = await runCheckoutLoad({ base: () => api.url, jwt, pm, f, clients: 4, durationMs: DURATION_MS });
    await outage;

    // the API process never crashed
    expect(api.exited(), api.output().slice(-2000)).toBe(false);

    // during the outage: every request answered 503 with a clear message and Retry-After, within 2 s
    // from the moment no PostgreSQL process is left until the restart begins
    const during = load.samples.filter((s) => s.at >= downAt && s.at + s.ms <= restartAt);
    expect(during.length).toBeGreaterThan(5);
    for (const s of during) {
      expect(s.status, s.body).toBe(503);
      expect(s.ms).toBeLessThan(2_000);
      expect(JSON.parse(s.body).error).toMatch(/temporarily unavailable/);
      expect(s.retryAfter).toMatch(/^\d+$/);
    }
    // nothing but success, a retryable outage answer, or a key still in progress
    const statuses = new Set(load.samples.map((s) => s.status));
    for (const s of statuses) expect([200, 201, 503, 409]).toContain(s);
    expect(load.samples.filter((s) => s.status === 0)).toEqual([]);
    // back within 5 s of the database accepting connections
    expect(firstOkAfter).toBeLessThan(5_000);
    const okAfter = load.samples.find((s) => s.at >= acceptingAt && s.status >= 200 && s.status < 300);
    expect(okAfter, 'a write succeeded after the restart').toBeDefined();
    expect(okAfter!.at + okAfter!.ms - acceptingAt).toBeLessThan(5_000);

    // every acknowledged order is present, paid, and charged once; no order is paid without an acknowledgement
    expect(load.unfinished, await describeUnfinished(db, load)).toEqual([]);
    expect(load.acknowledged.length).toBeGreaterThan(20);
    const ids = load.acknowledged.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    const { rows } = await db.query<{ id: number; order_number: string; payment_status: string; intents: number }>(
      `SELECT o.id, o.order_number, o.payment_status,
            (SELECT count(*) FROM sandbox_payment_intents i WHERE i.metadata->>'order_id' = o.id::text)::int AS intents
       FROM catering_orders o WHERE o.id >= $1 AND o.payment_status <> 'unpaid'`,
      [firstId],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const a of load.acknowledged) {
      const row = byId.get(a.id);
      expect(row, `order ${a.id}`).toBeDefined();
      expect(row!.order_number).toBe(a.orderNumber);
      expect(row!.payment_status).toBe('authorized');
      expect(row!.intents).toBe(1);
    }
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    console.log(
      `database outage: ${load.acknowledged.length} orders acknowledged, ${load.samples.length} requests, killed at ${Math.round(killAt)} ms, all of it gone ${downAt - killedAt} ms later, restarted after ${Math.round(downMs)} ms, ${during.length} requests during the outage (max ${Math.max(...during.map((s) => s.ms))} ms), ready again ${firstOkAfter} ms after the database`,
    );
  },
  DURATION_MS + 120_000,
);
