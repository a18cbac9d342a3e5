import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.js';
import type { Db } from '../db/pool.js';
import { fixedClock } from './clock.js';
import { backoffMs, claimJob, completeJob, createJobRunner, enqueue, findJob, type JobHandlers } from './jobs.js';

const T0 = new Date('2026-03-02T14:00:00Z');
const quietLog = { info() {}, error() {} };
let seq = 0;
const kind = () => `test_kind_${++seq}`;

describe('job queue on PostgreSQL', () => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    db = database.db;
    drop = database.drop;
  });
  afterAll(async () => {
    await drop();
  });

  it('enqueues once per kind and dedupe key; reschedule moves the time and revives a finished job', async () => {
    const k = kind();
    const first = await enqueue(db, { kind: k, dedupeKey: 'a', runAt: T0, payload: { n: 1 } });
    const again = await enqueue(db, {
      kind: k,
      dedupeKey: 'a',
      runAt: new Date(T0.getTime() + 60_000),
      payload: { n: 2 },
    });
    expect(again.id).toBe(first.id);
    expect(again.run_at.getTime()).toBe(T0.getTime());
    expect(again.payload).toEqual({ n: 1 });
    const { rows } = await db.query('SELECT count(*)::int AS n FROM jobs WHERE kind = $1', [k]);
    expect(rows[0].n).toBe(1);

    const later = new Date(T0.getTime() + 3_600_000);
    const moved = await enqueue(db, {
      kind: k,
      dedupeKey: 'a',
      runAt: later,
      payload: { n: 3 },
      onConflict: 'reschedule',
    });
    expect(moved.run_at.getTime()).toBe(later.getTime());
    expect(moved.payload).toEqual({ n: 3 });

    const clock = fixedClock(later);
    const runner = createJobRunner({ db, clock, handlers: { [k]: () => Promise.resolve(undefined) }, log: quietLog });
    expect(await runner.runDue()).toBe(1);
    expect((await findJob(db, k, 'a'))!.done_at).not.toBeNull();
    // a finished job is not queued again by a plain enqueue, only by a reschedule
    await enqueue(db, { kind: k, dedupeKey: 'a', runAt: later });
    expect(await runner.runDue()).toBe(0);
    await enqueue(db, { kind: k, dedupeKey: 'a', runAt: later, onConflict: 'reschedule' });
    expect((await findJob(db, k, 'a'))!.done_at).toBeNull();
    expect(await runner.runDue()).toBe(1);
  });

  it('runs only due jobs, by the injected clock', async () => {
    const k = kind();
    const ran: string[] = [];
    await enqueue(db, { kind: k, dedupeKey: 'now', runAt: T0 });
    await enqueue(db, { kind: k, dedupeKey: 'later', runAt: new Date(T0.getTime() + 3_600_000) });
    const clock = fixedClock(T0);
    const runner = createJobRunner({
      db,
      clock,
      handlers: {
        [k]: (job) => {
          ran.push(job.dedupe_key!);
          return Promise.resolve();
        },
      },
      log: quietLog,
    });
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual(['now']);
    clock.advance(3_600_000);
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual(['now', 'later']);
  });

  it('two runners racing over the same queue never run a job twice', async () => {
    const k = kind();
    const count = 40;
    for (let i = 0; i < count; i++) await enqueue(db, { kind: k, dedupeKey: `job-${i}`, runAt: T0 });
    const runs = new Map<string, string[]>();
    const clock = fixedClock(T0);
    const handlersOf = (name: string): JobHandlers => ({
      [k]: async (job) => {
        runs.set(job.dedupe_key!, [...(runs.get(job.dedupe_key!) ?? []), name]);
        await new Promise((r) => setTimeout(r, Math.random() * 5));
      },
    });
    const a = createJobRunner({ db, clock, handlers: handlersOf('a'), log: quietLog, workerId: 'a' });
    const b = createJobRunner({ db, clock, handlers: handlersOf('b'), log: quietLog, workerId: 'b' });
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(count);
    expect(runs.size).toBe(count);
    for (const who of runs.values()) expect(who).toHaveLength(1);
    // both took part: the claim skips rows the other holds instead of waiting for them
    expect(ranA).toBeGreaterThan(0);
    expect(ranB).toBeGreaterThan(0);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM jobs WHERE kind = $1 AND done_at IS NULL', [k]);
    expect(rows[0].n).toBe(0);
  });

  it("retries a crashed worker's claim once its lease has expired, and ignores the late finish of the crashed one", async () => {
    const k = kind();
    await enqueue(db, { kind: k, dedupeKey: 'x', runAt: T0 });
    const clock = fixedClock(T0);
    const leaseMs = 60_000;
    // worker "crashed" claims the job and never finishes it
    const claimed = await claimJob(db, { workerId: 'crashed', now: clock.now(), leaseMs, kinds: [k] });
    expect(claimed?.locked_by).toBe('crashed');
    let ran = 0;
    const other = createJobRunner({
      db,
      clock,
      handlers: {
        [k]: () => {
          ran++;
          return Promise.resolve();
        },
      },
      log: quietLog,
      leaseMs,
      workerId: 'other',
    });
    expect(await other.runDue()).toBe(0); // still leased
    clock.advance(leaseMs - 1);
    expect(await other.runDue()).toBe(0);
    clock.advance(1);
    expect(await other.runDue()).toBe(1);
    expect(ran).toBe(1);
    const done = (await findJob(db, k, 'x'))!;
    expect(done.done_at).not.toBeNull();
    expect(done.attempts).toBe(2);
    // the crashed worker coming back cannot finish or release what is no longer its claim
    expect(await completeJob(db, claimed!, 'crashed', clock.now())).toBe(false);
  });

  it('retries a failing job with backoff, keeps the last error, and stops after max_attempts', async () => {
    const k = kind();
    await enqueue(db, { kind: k, dedupeKey: 'f', runAt: T0, maxAttempts: 3 });
    const clock = fixedClock(T0);
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
    expect(job.last_error).toBe('boom 1');
    expect(job.attempts).toBe(1);
    expect(job.locked_by).toBeNull();
    expect(job.run_at.getTime()).toBe(T0.getTime() + backoffMs(1));
    expect(await runner.runDue()).toBe(0); // not before the backoff
    clock.set(job.run_at);
    expect(await runner.runDue()).toBe(1);
    job = (await findJob(db, k, 'f'))!;
    expect(job.run_at.getTime()).toBe(clock.now().getTime() + backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    clock.set(job.run_at);
    expect(await runner.runDue()).toBe(1);
    clock.advance(24 * 3_600_000);
    expect(await runner.runDue()).toBe(0); // out of attempts
    job = (await findJob(db, k, 'f'))!;
    expect(calls).toBe(3);
    expect(job).toMatchObject({ attempts: 3, last_error: 'boom 3', done_at: null });
  });

  it('a handler may ask to run again later without it counting as a failure', async () => {
    const k = kind();
    await enqueue(db, { kind: k, dedupeKey: 'r', runAt: T0, maxAttempts: 1 });
    const clock = fixedClock(T0);
    let calls = 0;
    const later = new Date(T0.getTime() + 600_000);
    const runner = createJobRunner({
      db,
      clock,
      handlers: { [k]: () => Promise.resolve(++calls === 1 ? { retryAt: later } : undefined) },
      log: quietLog,
    });
    expect(await runner.runDue()).toBe(1);
    expect((await findJob(db, k, 'r'))!).toMatchObject({ done_at: null, attempts: 0, last_error: null });
    expect(await runner.runDue()).toBe(0);
    clock.set(later);
    expect(await runner.runDue()).toBe(1);
    expect((await findJob(db, k, 'r'))!.done_at).not.toBeNull();
  });

  it('a job rescheduled while it runs is run again at its new time, not marked done', async () => {
    const k = kind();
    await enqueue(db, { kind: k, dedupeKey: 's', runAt: T0 });
    const clock = fixedClock(T0);
    const moved = new Date(T0.getTime() + 120_000);
    let calls = 0;
    const runner = createJobRunner({
      db,
      clock,
      handlers: {
        [k]: async () => {
          calls++;
          if (calls === 1) await enqueue(db, { kind: k, dedupeKey: 's', runAt: moved, onConflict: 'reschedule' });
        },
      },
      log: quietLog,
    });
    expect(await runner.runDue()).toBe(1);
    const job = (await findJob(db, k, 's'))!;
    expect(job.done_at).toBeNull();
    expect(job.run_at.getTime()).toBe(moved.getTime());
    clock.set(moved);
    expect(await runner.runDue()).toBe(1);
    expect(calls).toBe(2);
    expect((await findJob(db, k, 's'))!.done_at).not.toBeNull();
  });

  it('polls on its own once started, and stop waits for the job in progress', async () => {
    const k = kind();
    const clock = fixedClock(T0);
    let finished = 0;
    const runner = createJobRunner({
      db,
      clock,
      pollMs: 20,
      handlers: {
        [k]: async () => {
          await new Promise((r) => setTimeout(r, 50));
          finished++;
        },
      },
      log: quietLog,
    });
    runner.start();
    await enqueue(db, { kind: k, dedupeKey: 'p', runAt: T0 });
    const deadline = Date.now() + 5_000;
    while (!(await findJob(db, k, 'p'))!.locked_by && !(await findJob(db, k, 'p'))!.done_at && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
    }
    await runner.stop();
    expect(finished).toBe(1);
    expect((await findJob(db, k, 'p'))!.done_at).not.toBeNull();
  });
});
