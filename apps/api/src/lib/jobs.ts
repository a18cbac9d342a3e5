import { Logger, run, runMigrations, runOnce, type Job, type Runner, type TaskList } from 'graphile-worker';
import pg from 'pg';
import { withTransaction, type Db, type Queryable } from '../db/pool.js';
import { standalone, type SqlPart } from '../db/sql-parts.js';
import { isControllable, type Clock } from './clock.js';

// The job queue is graphile-worker's (schema graphile_worker; docs/decisions/038-job-queue-on-graphile-worker.md).
// This module keeps the app's side of it:
// - enqueue by (kind, dedupe key), one job per key, through the SQL function enqueue_job
//   (migration 036), so a job is queued in the same transaction, or the same statement, as the
//   write it belongs to;
// - a handler may answer { retryAt } to run again later without it counting as a failure;
// - due times are the injected clock's: a runner with a test clock moves the queue's times by
//   that clock's offset from the database clock (syncQueueClock), so tests move time instead of
//   waiting for it; a job the database clock reaches before the test clock does (the moments a
//   run takes) is put back under the flag NOT_DUE, which that runner skips until its clock gets
//   there. With the system clock nothing is moved or held back.
// Claiming (SKIP LOCKED), retries with exponential backoff, keeping permanently failed jobs
// (attempts = max_attempts, last_error) and LISTEN/NOTIFY pickup are graphile-worker's.

export interface JobRow {
  id: number;
  kind: string;
  dedupe_key: string | null;
  payload: Record<string, unknown>;
  /** when the job runs, by the app's clock */
  run_at: Date;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_at: Date | null;
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
   * and payload are replaced; a job running at the time finishes and runs again at the new time
   * (a processing time that moved, an order accepted after its processing time).
   */
  onConflict?: 'keep' | 'reschedule';
}

type Log = { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

const DEFAULT_MAX_ATTEMPTS = 10;
/** graphile-worker job flag: held back until a runner's test clock reaches the job */
const NOT_DUE = 'not_due_by_test_clock';
/** how long a stop waits for graphile-worker's shutdown once no job is in progress */
const STOP_GRACE_MS = 250;

/** graphile-worker's log lines into the app's logger: warnings and errors only (no line per job run). */
export function queueLogger(log: Pick<Log, 'error'>): Logger {
  return new Logger(() => (level, message) => {
    // the first line: a failed job's message without its stack
    if (level === 'error' || level === 'warning') log.error({ level }, `job queue: ${message.split('\n')[0]}`);
  });
}

/** A pool of graphile-worker's own on the app's database, its lost connections logged. */
function queuePool(db: Db, log: Pick<Log, 'error'>, max: number): pg.Pool {
  const pool = new pg.Pool({ ...db.options, max });
  const lost = (err: Error) => log.error({ err: { message: err.message } }, 'job queue: connection lost');
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return pool;
}

/**
 * Installs or upgrades graphile-worker's schema (db/migrate.ts, under its lock, before the app's
 * migration 036), on a connection of its own: the caller's pool may have only the one it holds.
 */
export async function installQueueSchema(db: Db, log: Pick<Log, 'error'>): Promise<void> {
  const pool = queuePool(db, log, 1);
  try {
    await runMigrations({ pgPool: pool, logger: queueLogger(log) });
  } finally {
    await pool.end();
  }
}

/** The enqueue as a part of another statement (db/sql-parts.ts), e.g. an order's processing job beside its payment. */
export function enqueuePart(input: EnqueueInput): SqlPart {
  return {
    sql: (p, guard) =>
      `INSERT INTO job_enqueues (kind, dedupe_key, payload, run_at, max_attempts, on_conflict)
     SELECT ${p(input.kind)}::text, ${p(input.dedupeKey)}::text, ${p(JSON.stringify(input.payload ?? {}))}::jsonb,
            ${p(input.runAt)}::timestamptz, ${p(input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)}::int, ${p(input.onConflict ?? 'keep')}::text
      WHERE EXISTS (SELECT 1 FROM ${guard})`,
  };
}

export async function enqueue(db: Queryable, input: EnqueueInput): Promise<void> {
  const { text, values } = standalone(enqueuePart(input));
  await db.query(text, values);
}

// the public view graphile_worker.jobs leaves out the payload, hence the tables behind it
const JOBS = 'graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id';
// run_at is rounded up to the millisecond: a test clock set to a job's run_at (a Date, whole
// milliseconds) is then at or past the stored microsecond time, so the queue finds it due
const JOB_COLUMNS = `j.id, t.identifier AS kind, j.key, j.payload,
  to_timestamp(ceil(extract(epoch FROM j.run_at) * 1000 + coalesce((SELECT offset_ms FROM job_clock), 0)) / 1000.0) AS run_at,
  j.attempts, j.max_attempts, j.last_error, j.locked_at`;

type StoredJob = Omit<JobRow, 'dedupe_key'> & { key: string | null };

function toJobRow({ key, ...job }: StoredJob): JobRow {
  return { ...job, dedupe_key: key === null ? null : key.slice(job.kind.length + 1) };
}

/** The job queued (or running, or failed for good) under the key; undefined once it has run. */
export async function findJob(db: Queryable, kind: string, dedupeKey: string): Promise<JobRow | undefined> {
  const { rows } = await db.query<StoredJob>(`SELECT ${JOB_COLUMNS} FROM ${JOBS} WHERE j.key = $1`, [
    `${kind}:${dedupeKey}`,
  ]);
  return rows[0] && toJobRow(rows[0]);
}

/** Jobs that used all their attempts (the dead letters), newest first: kept with their last error. */
export async function failedJobs(db: Queryable): Promise<JobRow[]> {
  const { rows } = await db.query<StoredJob>(
    `SELECT ${JOB_COLUMNS} FROM ${JOBS}
      WHERE j.attempts >= j.max_attempts AND j.locked_at IS NULL ORDER BY j.updated_at DESC, j.id DESC`,
  );
  return rows.map(toJobRow);
}

async function queueClockOffset(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ offset_ms: number }>('SELECT offset_ms FROM job_clock');
  return rows[0]?.offset_ms ?? 0;
}

/**
 * Moves the queue's due times by how far the test clock moved against the database clock since
 * the last sync (job_clock.offset_ms), so what is due by that clock is due for the queue. Jobs
 * enqueued since then were converted with the old offset (enqueue_job) and move with the rest.
 */
export async function syncQueueClock(db: Db, clock: Clock): Promise<number> {
  return withTransaction(db, async (tx) => {
    await tx.query('INSERT INTO job_clock (id, offset_ms) VALUES (true, 0) ON CONFLICT (id) DO NOTHING');
    const { rows } = await tx.query<{ offset_ms: number; db_ms: number }>(
      // floor: the offset may put jobs a fraction of a millisecond early, never late
      `SELECT offset_ms, floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS db_ms FROM job_clock FOR UPDATE`,
    );
    const { offset_ms: previous, db_ms: dbMs } = rows[0]!;
    const offset = clock.now().getTime() - dbMs;
    if (offset !== previous) {
      await tx.query(
        `UPDATE graphile_worker._private_jobs SET run_at = run_at - make_interval(secs => $1 / 1000.0)
          WHERE locked_at IS NULL`,
        [offset - previous],
      );
      await tx.query('UPDATE job_clock SET offset_ms = $1', [offset]);
    }
    // jobs held back that this clock has now reached
    await tx.query(
      `UPDATE graphile_worker._private_jobs SET flags = nullif(flags - $1, '{}'::jsonb)
        WHERE flags ? $1 AND locked_at IS NULL AND run_at <= to_timestamp($2 / 1000.0)`,
      [NOT_DUE, dbMs],
    );
    return offset;
  });
}

export interface JobRunnerOptions {
  db: Db;
  clock: Clock;
  handlers: JobHandlers;
  log: Log;
  /** how often an idle runner looks for due jobs (new jobs are also announced by NOTIFY) */
  pollMs?: number;
}

export interface JobRunner {
  /** Runs due jobs until none is left; answers how many ran (failed runs included). */
  runDue(): Promise<number>;
  start(): void;
  /** Stops taking jobs and waits for the job in progress. */
  stop(): Promise<void>;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, clock, handlers, log } = options;
  const pollMs = options.pollMs ?? 5_000;
  const logger = queueLogger(log);
  const testClock = isControllable(clock);
  let ran = 0;
  const inProgress = new Set<Promise<void>>();

  async function sync(): Promise<void> {
    if (!testClock) return;
    // a test cluster's shared clock may have been moved by an API process (lib/clock.ts)
    await clock.refresh?.();
    await syncQueueClock(db, clock);
  }

  function task(kind: string, handler: JobHandler) {
    return async (_payload: unknown, helpers: { job: Job }) => {
      const { job } = helpers;
      // the offset as last synced by any runner (another one may have moved the jobs since this one did)
      const offsetMs = testClock ? await queueClockOffset(db) : 0;
      const row = toJobRow({
        id: Number(job.id),
        kind,
        key: job.key,
        payload: (job.payload ?? {}) as Record<string, unknown>,
        run_at: new Date(new Date(job.run_at).getTime() + offsetMs),
        attempts: job.attempts,
        max_attempts: job.max_attempts,
        last_error: job.last_error,
        locked_at: job.locked_at,
      });
      // the next run; a job rescheduled while this one ran (its key moved to a new job) keeps that time
      const again = async (at: Date) => {
        if (row.dedupe_key === null) return;
        const notDue = testClock && at.getTime() > clock.now().getTime();
        await db.query('SELECT enqueue_job($1, $2, $3, $4, $5, $6, $7)', [
          kind,
          row.dedupe_key,
          JSON.stringify(row.payload),
          at,
          row.max_attempts,
          'retry',
          notDue ? [NOT_DUE] : null,
        ]);
      };
      if (testClock && row.run_at.getTime() > clock.now().getTime()) return again(row.run_at);
      const running = (async () => {
        const result = await handler(row);
        if (result && 'retryAt' in result) await again(result.retryAt);
      })();
      inProgress.add(running);
      try {
        await running;
      } finally {
        inProgress.delete(running);
        ran += 1;
      }
    };
  }

  // completions and failures go through graphile-worker's batcher (0 ms: at once), which a
  // runOnce or a stop waits for, so a job that ran is out of the queue when they return
  const preset = { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } };
  const forbiddenFlags = testClock ? [NOT_DUE] : null;
  const taskList: TaskList = Object.fromEntries(
    Object.entries(handlers).map(([kind, handler]) => [kind, task(kind, handler)]),
  );
  let runner: Promise<Runner> | undefined;
  let runnerPool: pg.Pool | undefined;
  let timer: NodeJS.Timeout | undefined;

  return {
    async runDue() {
      await sync();
      const before = ran;
      await runOnce({ pgPool: db, taskList, logger, noHandleSignals: true, preset, forbiddenFlags });
      return ran - before;
    },
    start() {
      if (runner) return;
      // graphile-worker's own connections (its LISTEN client is held for good): the app's pool can
      // then always be ended, whatever state the worker's shutdown is in
      const pool = queuePool(db, log, 3);
      runnerPool = pool;
      runner = sync().then(() =>
        run({
          pgPool: pool,
          taskList,
          logger,
          preset,
          forbiddenFlags,
          noHandleSignals: true,
          concurrency: 1,
          pollInterval: pollMs,
        }),
      );
      runner.catch((err: Error) => log.error({ err: { message: err.message } }, 'job runner could not start'));
      if (testClock) {
        timer = setInterval(() => {
          sync().catch((err: Error) => log.error({ err: { message: err.message } }, 'job runner could not sync'));
        }, pollMs);
      }
      log.info({ pollMs, kinds: Object.keys(handlers) }, 'job runner started');
    },
    async stop() {
      if (timer) clearInterval(timer);
      const started = runner;
      const pool = runnerPool;
      runner = undefined;
      runnerPool = undefined;
      if (!started) return;
      const stopping = started
        .then((r) => r.stop())
        .then(() => pool?.end())
        .catch((err: Error) => log.error({ err: { message: err.message } }, 'job runner could not stop cleanly'));
      // the job in progress always finishes; graphile-worker's own shutdown (recording it, closing its
      // listener) gets a moment more, not longer: with its database going away (a restart, the
      // embedded server stopping beside this) it can wait on connections that will not come back
      await Promise.allSettled([...inProgress]);
      await Promise.race([stopping, new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())]);
    },
  };
}
