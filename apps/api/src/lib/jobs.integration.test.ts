import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase, createTestDatabase } from '../../test/helpers.js';
import { migrate } from '../db/migrate.js';
import { withTransaction, type Db } from '../db/pool.js';
import { fixedClock } from './clock.js';
import { createJobRunner, enqueue, failedJobs, findJob, syncQueueClock } from './jobs.js';

const T0 = new Date('2026-03-02T14:00:00Z');
const quietLog = { info() {}, error() {} };
let seq = 0;
const kind = () => `test_kind_${++seq}`;
const SECOND = 1_000;

describe('job queue on graphile-worker', () => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    db = database.db;
    drop = () => database.drop();
  });
  afterAll(async () => {
    await drop();
  });

  it('enqueues once per kind and dedupe key; reschedule moves the time and payload', async () => {
    const k = kind();
    const clock = fixedClock(T0);
    await syncQueueClock(db, clock);
    await enqueue(db, { kind: k, dedupeKey: 'a', runAt: T0, payload: { n: 1 } });
    const first = (await findJob(db, k, 'a'))!;
    await enqueue(db, { kind: k, dedupeKey: 'a', runAt: new Date(T0.getTime() + 60_000), payload: { n: 2 } });
    const again = (await findJob(db, k, 'a'))!;
    expect(again).toMatchObject({ id: first.id, kind: k, dedupe_key: 'a', payload: { n: 1 }, max_attempts: 10 });
    expect(again.run_at.getTime()).toBe(T0.getTime());
    const { rows } = await db.query('SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = $1', [
      k,
    ]);
    expect(rows[0].n).toBe(1);

    const later = new Date(T0.getTime() + 3_600_000);
    await enqueue(db, { kind: k, dedupeKey: 'a', runAt: later, payload: { n: 3 }, onConflict: 'reschedule' });
    const moved = (await findJob(db, k, 'a'))!;
    expect(moved.run_at.getTime()).toBe(later.getTime());
    expect(moved.payload).toEqual({ n: 3 });

    const seen: unknown[] = [];
    const runner = createJobRunner({
      db,
      clock,
      handlers: { [k]: (job) => Promise.resolve(void seen.push(job.payload)) },
      log: quietLog,
    });
    expect(await runner.runDue()).toBe(0); // not due by the injected clock
    clock.set(later);
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 3 }]);
    expect(await findJob(db, k, 'a')).toBeUndefined(); // a job that ran leaves the queue
  });

  it('runs a scheduled job when the injected clock reaches it, not before', async () => {
    const k = kind();
    const clock = fixedClock(T0);
    await syncQueueClock(db, clock);
    const ran: string[] = [];
    const runner = createJobRunner({
      db,
      clock,
      handlers: { [k]: (job) => Promise.resolve(void ran.push(job.dedupe_key!)) },
      log: quietLog,
    });
    await enqueue(db, { kind: k, dedupeKey: 'now', runAt: T0 });
    await enqueue(db, { kind: k, dedupeKey: 'later', runAt: new Date(T0.getTime() + 3_600_000) });
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual(['now']);
    clock.advance(3_600_000 - 1);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual(['now', 'later']);
  });

  it('two workers racing over the same jobs never run one twice', async () => {
    const k = kind();
    const clock = fixedClock(T0);
    const count = 30;
    for (let i = 0; i < count; i++) await enqueue(db, { kind: k, dedupeKey: `job-${i}`, runAt: T0 });
    const runs = new Map<string, number>();
    const handler = async (job: { dedupe_key: string | null }) => {
      runs.set(job.dedupe_key!, (runs.get(job.dedupe_key!) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 2));
    };
    const a = createJobRunner({ db, clock, handlers: { [k]: handler }, log: quietLog });
    const b = createJobRunner({ db, clock, handlers: { [k]: handler }, log: quietLog });
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(count);
    expect(runs.size).toBe(count);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = $1', [
      k,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('retries a failing job with exponential backoff, then keeps it as a dead letter with its last error', async () => {
    const k = kind();
    const clock = fixedClock(T0);
    await syncQueueClock(db, clock);
    await enqueue(db, { kind: k, dedupeKey: 'f', runAt: T0, maxAttempts: 3 });
    let calls = 0;
    const runner = createJobRunner({
      db,
      clock,
      handlers: {
        [k]: () => {
          calls++;
          return Promise.reject(new Error(`boom ${calls}`));
        },
      },
      log: quietLog,
    });
    expect(await runner.runDue()).toBe(1);
    let job = (await findJob(db, k, 'f'))!;
    expect(job).toMatchObject({ attempts: 1, last_error: expect.stringContaining('boom 1'), locked_at: null });
    // graphile-worker's backoff: e^attempts seconds after the failure
    const firstDelay = job.run_at.getTime() - clock.now().getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(Math.exp(1) * SECOND - 1);
    expect(firstDelay).toBeLessThan(Math.exp(1) * SECOND + 2 * SECOND);
    expect(await runner.runDue()).toBe(0); // not before the backoff
    clock.set(job.run_at);
    // due the moment the clock is synced: the reported run_at is never before the stored one
    await syncQueueClock(db, clock);
    const { rows: due } = await db.query<{ due: boolean }>(
      `SELECT run_at <= clock_timestamp() AS due FROM graphile_worker._private_jobs WHERE key = $1`,
      [`${k}:f`],
    );
    expect(due).toEqual([{ due: true }]);
    expect(await runner.runDue()).toBe(1);
    job = (await findJob(db, k, 'f'))!;
    const secondDelay = job.run_at.getTime() - clock.now().getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(Math.exp(2) * SECOND - 1);
    expect(secondDelay).toBeLessThan(Math.exp(2) * SECOND + 2 * SECOND);
    clock.set(job.run_at);
    expect(await runner.runDue()).toBe(1);
    clock.advance(24 * 3_600_000);
    expect(await runner.runDue()).toBe(0); // out of attempts
    expect(calls).toBe(3);
    job = (await findJob(db, k, 'f'))!;
    expect(job).toMatchObject({ attempts: 3, max_attempts: 3, last_error: expect.stringContaining('boom 3') });
    expect((await failedJobs(db)).map((j) => [j.kind, j.dedupe_key])).toContainEqual([k, 'f']);
    // rescheduling a dead letter gives it its attempts again
    await enqueue(db, { kind: k, dedupeKey: 'f', runAt: clock.now(), maxAttempts: 3, onConflict: 'reschedule' });
    expect((await findJob(db, k, 'f'))!).toMatchObject({ attempts: 0, last_error: null });
  });

  it('a handler may ask to run again later without it counting as a failure', async () => {
    const k = kind();
    const clock = fixedClock(T0);
    await syncQueueClock(db, clock);
    await enqueue(db, { kind: k, dedupeKey: 'r', runAt: T0, maxAttempts: 1, payload: { p: 1 } });
    let calls = 0;
    const later = new Date(T0.getTime() + 600_000);
    const runner = createJobRunner({
      db,
      clock,
      handlers: { [k]: () => Promise.resolve(++calls === 1 ? { retryAt: later } : undefined) },
      log: quietLog,
    });
    expect(await runner.runDue()).toBe(1);
    const next = (await findJob(db, k, 'r'))!;
    expect(next).toMatchObject({ attempts: 0, last_error: null, max_attempts: 1, payload: { p: 1 } });
    expect(next.run_at.getTime()).toBe(later.getTime());
    expect(await runner.runDue()).toBe(0);
    clock.set(later);
    expect(await runner.runDue()).toBe(1);
    expect(calls).toBe(2);
    expect(await findJob(db, k, 'r')).toBeUndefined();
  });

  it('a job rescheduled while it runs is run again at its new time', async () => {
    const k = kind();
    const clock = fixedClock(T0);
    await syncQueueClock(db, clock);
    await enqueue(db, { kind: k, dedupeKey: 's', runAt: T0 });
    const moved = new Date(T0.getTime() + 120_000);
    const retryAt = new Date(T0.getTime() + 60_000);
    let calls = 0;
    const runner = createJobRunner({
      db,
      clock,
      handlers: {
        [k]: async () => {
          calls++;
          if (calls > 1) return;
          await enqueue(db, { kind: k, dedupeKey: 's', runAt: moved, onConflict: 'reschedule' });
          return { retryAt }; // the time rescheduled meanwhile wins over the handler's own
        },
      },
      log: quietLog,
    });
    expect(await runner.runDue()).toBe(1);
    expect((await findJob(db, k, 's'))!.run_at.getTime()).toBe(moved.getTime());
    clock.set(moved);
    expect(await runner.runDue()).toBe(1);
    expect(calls).toBe(2);
    expect(await findJob(db, k, 's')).toBeUndefined();
  });

  it('queues a job only when the transaction it was enqueued in commits', async () => {
    const k = kind();
    await expect(
      withTransaction(db, async (tx) => {
        await enqueue(tx, { kind: k, dedupeKey: 'rolled-back', runAt: T0 });
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    expect(await findJob(db, k, 'rolled-back')).toBeUndefined();
    await withTransaction(db, (tx) => enqueue(tx, { kind: k, dedupeKey: 'committed', runAt: T0 }));
    expect(await findJob(db, k, 'committed')).toBeDefined();
  });

  it('polls on its own once started, and stop waits for the job in progress', async () => {
    const k = kind();
    const clock = fixedClock(T0);
    let started = 0;
    let finished = 0;
    const runner = createJobRunner({
      db,
      clock,
      pollMs: 100,
      handlers: {
        [k]: async () => {
          started++;
          await new Promise((r) => setTimeout(r, 200));
          finished++;
        },
      },
      log: quietLog,
    });
    runner.start();
    await syncQueueClock(db, clock);
    await enqueue(db, { kind: k, dedupeKey: 'p', runAt: T0 });
    const deadline = Date.now() + 10_000;
    while (started === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await runner.stop();
    expect(finished).toBe(1);
    expect(await findJob(db, k, 'p')).toBeUndefined();
  });
});

describe('migration 036 over jobs queued in the old table', () => {
  let t: Awaited<ReturnType<typeof createEmptyTestDatabase>>;

  beforeAll(async () => {
    t = await createEmptyTestDatabase();
    await migrate(t.db, { stopBefore: '036' });
    await t.db.query(
      `INSERT INTO jobs (kind, dedupe_key, payload, run_at, attempts, max_attempts, last_error, done_at) VALUES
         ('process_order', 'order:1', '{"order_id": 1}', '2026-03-02T14:00:00Z', 0, 10, NULL, NULL),
         ('check_payment', 'order:2', '{"order_id": 2}', '2026-03-02T15:00:00Z', 3, 10, 'provider down', NULL),
         ('process_order', 'order:3', '{"order_id": 3}', '2026-03-01T14:00:00Z', 1, 10, NULL, '2026-03-01T14:00:01Z'),
         ('email_delivery', 'outbox:4', '{"outbox_id": 4}', '2026-03-01T14:00:00Z', 10, 10, 'smtp refused', NULL)`,
    );
    await migrate(t.db);
  });
  afterAll(async () => {
    await t.drop();
  });

  it('moves the queued jobs with their time, payload and attempts left, and keeps the rest aside', async () => {
    const first = (await findJob(t.db, 'process_order', 'order:1'))!;
    expect(first).toMatchObject({ payload: { order_id: 1 }, attempts: 0, max_attempts: 10 });
    expect(first.run_at.toISOString()).toBe('2026-03-02T14:00:00.000Z');
    const retried = (await findJob(t.db, 'check_payment', 'order:2'))!;
    expect(retried).toMatchObject({ payload: { order_id: 2 }, attempts: 0, max_attempts: 7 });
    expect(retried.run_at.toISOString()).toBe('2026-03-02T15:00:00.000Z');
    // finished and failed-for-good jobs are not queued again
    expect(await findJob(t.db, 'process_order', 'order:3')).toBeUndefined();
    expect(await findJob(t.db, 'email_delivery', 'outbox:4')).toBeUndefined();
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs_before_036');
    expect(rows[0]!.n).toBe(4);
    const { rows: old } = await t.db.query(`SELECT 1 FROM pg_tables WHERE tablename = 'jobs'`);
    expect(old).toEqual([]);
  });
});
