-- The job queue moves to graphile-worker (decision 038). Its schema (graphile_worker) is installed
-- by db/migrate.ts before this file runs, so add_job exists here.
--
-- Due times: the app decides them by its injected clock (lib/clock.ts); the queue runs a job when
-- the database's now() passes its run_at. job_clock holds the app clock's offset from the database
-- clock as last seen by a runner with a test clock (lib/jobs.ts syncQueueClock); in production
-- there is no row and the offset is 0.
CREATE TABLE job_clock (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  offset_ms bigint NOT NULL
);

-- Enqueue by (kind, dedupe key): one job per key. 'keep' leaves a queued job as it is; 'reschedule'
-- replaces its run time and payload (a running job finishes and a new one is queued); 'retry' (a
-- handler's retryAt) queues the next run unless the job was rescheduled meanwhile. p_flags: see
-- lib/jobs.ts (a runner with a test clock holds back jobs that clock has not reached).
CREATE FUNCTION enqueue_job(
  p_kind text, p_dedupe_key text, p_payload jsonb, p_run_at timestamptz, p_max_attempts integer, p_on_conflict text,
  p_flags text[] DEFAULT NULL
) RETURNS bigint LANGUAGE sql AS $$
  SELECT (graphile_worker.add_job(
    p_kind,
    p_payload::json,
    run_at := p_run_at - make_interval(secs => coalesce((SELECT offset_ms FROM job_clock), 0) / 1000.0),
    max_attempts := p_max_attempts,
    job_key := p_kind || ':' || p_dedupe_key,
    flags := p_flags,
    job_key_mode := CASE p_on_conflict
      WHEN 'reschedule' THEN 'replace'
      WHEN 'retry' THEN 'preserve_run_at'
      ELSE 'unsafe_dedupe' END
  )).id
$$;

-- The enqueue as a row written in another statement (a data-modifying CTE, db/sql-parts.ts): the
-- trigger queues the job and stores nothing, so it commits or rolls back with that statement.
CREATE TABLE job_enqueues (
  kind text NOT NULL,
  dedupe_key text NOT NULL,
  payload jsonb NOT NULL,
  run_at timestamptz NOT NULL,
  max_attempts integer NOT NULL,
  on_conflict text NOT NULL
);
CREATE FUNCTION job_enqueues_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_job(NEW.kind, NEW.dedupe_key, NEW.payload, NEW.run_at, NEW.max_attempts, NEW.on_conflict);
  RETURN NULL;
END
$$;
CREATE TRIGGER job_enqueues_add BEFORE INSERT ON job_enqueues FOR EACH ROW EXECUTE FUNCTION job_enqueues_add();

-- Jobs still queued in the old table move over with the attempts they have left; finished and
-- permanently failed ones stay in the renamed table for inspection.
SELECT enqueue_job(kind, dedupe_key, payload, run_at, max_attempts - attempts, 'reschedule')
  FROM jobs
 WHERE done_at IS NULL AND attempts < max_attempts
 ORDER BY id;
ALTER TABLE jobs RENAME TO jobs_before_036;
