import crypto from 'node:crypto';
import os from 'node:os';
import type { Db, Queryable } from '../db/pool.js';
import { standalone, type SqlPart } from '../db/sql-parts.js';
import { isControllable, type Clock } from './clock.js';

// A job queue on PostgreSQL (table jobs, migration 008; docs/decisions/009-job-queue-on-postgresql.md).
// - enqueue is idempotent by (kind, dedupe_key): one job per key, never two.
// - A worker claims one due job at a time with FOR UPDATE SKIP LOCKED and a lease (locked_by,
//   locked_until): racing workers never take the same job, and a job whose worker crashed is
//   claimed again once its lease has expired.
// - A handler that throws is retried with exponential backoff until max_attempts; the error is
//   kept in last_error. A handler may answer { retryAt } to run again later without it counting
//   as a failure (a processing time that moved, a bank debit still in flight).
// Due-ness is decided by the injected clock, so tests move time instead of waiting for it.

export interface JobRow {
  id: number;
  kind: string;
  dedupe_key: string | null;
  payload: Record<string, unknown>;
  run_at: Date;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
  done_at: Date | null;
}

export type JobResult = void | { retryAt: Date };
export type JobHandler = (job: JobRow) => Promise<JobResult>;
export type JobHandlers = Record<string, JobHandler>;

export interface EnqueueInput {
  kind: string;
  dedupeKey: string;
  payload?: Record<string, unknown>;
  runAt: Date;
  maxAttempts?: number;
  /**
   * keep (default): a job already queued under the key stays as it is. reschedule: its run time
   * and payload are replaced and a finished job is queued again (a processing time that moved,
   * an order accepted after its processing time).
   */
  onConflict?: 'keep' | 'reschedule';
}

/** The enqueue as a part of another statement (db/sql-parts.ts), e.g. an order's processing job beside its payment. */
export function enqueuePart(input: EnqueueInput): SqlPart {
  return {
    sql: (p, guard) => {
      const reschedule = `${p(input.onConflict === 'reschedule')}::boolean`;
      return `INSERT INTO jobs (kind, dedupe_key, payload, run_at, max_attempts)
     SELECT ${p(input.kind)}::text, ${p(input.dedupeKey)}::text, ${p(JSON.stringify(input.payload ?? {}))}::jsonb, ${p(input.runAt)}::timestamptz, ${p(input.maxAttempts ?? 10)}::int
      WHERE EXISTS (SELECT 1 FROM ${guard})
     ON CONFLICT (kind, dedupe_key) DO UPDATE SET
       run_at = CASE WHEN ${reschedule} THEN EXCLUDED.run_at ELSE jobs.run_at END,
       payload = CASE WHEN ${reschedule} THEN EXCLUDED.payload ELSE jobs.payload END,
       attempts = CASE WHEN ${reschedule} AND jobs.done_at IS NOT NULL THEN 0 ELSE jobs.attempts END,
       done_at = CASE WHEN ${reschedule} THEN NULL ELSE jobs.done_at END
     RETURNING *`;
    },
  };
}

export async function enqueue(db: Queryable, input: EnqueueInput): Promise<JobRow> {
  const { text, values } = standalone(enqueuePart(input));
  const { rows } = await db.query<JobRow>(text, values);
  return rows[0]!;
}

export async function findJob(db: Queryable, kind: string, dedupeKey: string): Promise<JobRow | undefined> {
  const { rows } = await db.query<JobRow>('SELECT * FROM jobs WHERE kind = $1 AND dedupe_key = $2', [kind, dedupeKey]);
  return rows[0];
}

/**
 * Claims the next due job for this worker: not done, due, not leased (or its lease expired),
 * attempts left. The claim counts as an attempt, so a job that crashes its worker every time
 * still ends after max_attempts.
 */
export async function claimJob(
  db: Queryable,
  input: { workerId: string; now: Date; leaseMs: number; kinds: string[] },
): Promise<JobRow | undefined> {
  const { rows } = await db.query<JobRow>(
    `UPDATE jobs SET locked_by = $1, locked_until = $2::timestamptz + make_interval(secs => $3 / 1000.0), attempts = attempts + 1
      WHERE id = (
        SELECT id FROM jobs
         WHERE done_at IS NULL AND run_at <= $2 AND attempts < max_attempts
           AND (locked_until IS NULL OR locked_until <= $2) AND kind = ANY($4)
         ORDER BY run_at, id
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
     RETURNING *`,
    [input.workerId, input.now, input.leaseMs, input.kinds],
  );
  return rows[0];
}

/**
 * Finishes a claimed job. Only the worker holding the claim may (a worker whose lease expired
 * and was taken over changes nothing). A job rescheduled while it ran (run_at moved) is
 * released to run again instead of being marked done.
 */
export async function completeJob(db: Queryable, job: JobRow, workerId: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE jobs SET
       done_at = CASE WHEN date_trunc('milliseconds', run_at) = $3 THEN $4::timestamptz ELSE NULL END,
       attempts = CASE WHEN date_trunc('milliseconds', run_at) = $3 THEN attempts ELSE 0 END,
       locked_by = NULL, locked_until = NULL, last_error = NULL
     WHERE id = $1 AND locked_by = $2`,
    [job.id, workerId, job.run_at, now],
  );
  return rowCount === 1;
}

/** Runs the job again at `at` without counting this run as a failed attempt. */
export async function retryJobAt(db: Queryable, job: JobRow, workerId: string, at: Date): Promise<void> {
  await db.query(
    `UPDATE jobs SET run_at = CASE WHEN date_trunc('milliseconds', run_at) = $3 THEN $4::timestamptz ELSE run_at END,
       attempts = 0, locked_by = NULL, locked_until = NULL, last_error = NULL
     WHERE id = $1 AND locked_by = $2`,
    [job.id, workerId, job.run_at, at],
  );
}

/** Exponential backoff: 30 s, 1 min, 2 min, ... capped at an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);
}

export async function failJob(db: Queryable, job: JobRow, workerId: string, now: Date, error: string): Promise<void> {
  await db.query(
    `UPDATE jobs SET last_error = $3, run_at = $4, locked_by = NULL, locked_until = NULL
     WHERE id = $1 AND locked_by = $2`,
    [job.id, workerId, error.slice(0, 2000), new Date(now.getTime() + backoffMs(job.attempts))],
  );
}

export interface JobRunnerOptions {
  db: Db;
  clock: Clock;
  handlers: JobHandlers;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** how often an idle runner looks for due jobs */
  pollMs?: number;
  /** how long a claim holds before another worker may take the job over */
  leaseMs?: number;
  workerId?: string;
}

export interface JobRunner {
  readonly workerId: string;
  /** Runs due jobs until none is left (or `limit` ran); answers how many ran. */
  runDue(limit?: number): Promise<number>;
  start(): void;
  /** Stops polling and waits for the job in progress. */
  stop(): Promise<void>;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, clock, handlers, log } = options;
  const pollMs = options.pollMs ?? 5_000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const kinds = Object.keys(handlers);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  async function runOne(): Promise<boolean> {
    const job = await claimJob(db, { workerId, now: clock.now(), leaseMs, kinds });
    if (!job) return false;
    try {
      const result = await handlers[job.kind]!(job);
      if (result && 'retryAt' in result) await retryJobAt(db, job, workerId, result.retryAt);
      else await completeJob(db, job, workerId, clock.now());
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: { message } }, 'job failed');
      await failJob(db, job, workerId, clock.now(), message);
    }
    return true;
  }

  async function runDue(limit = 100): Promise<number> {
    // a test cluster's shared clock may have been moved by an API process (lib/clock.ts)
    if (isControllable(clock)) await clock.refresh?.();
    let ran = 0;
    while (ran < limit && (await runOne())) ran += 1;
    return ran;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runDue()
        .catch((err: Error) => log.error({ err: { message: err.message } }, 'job runner could not poll'))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, pollMs);
  }

  return {
    workerId,
    runDue,
    start() {
      if (!stopped) return;
      stopped = false;
      log.info({ workerId, pollMs, kinds }, 'job runner started');
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
