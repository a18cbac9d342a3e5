// Time comes from an injected clock so lead-time, expiry and cut-off rules are testable.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(start: Date): Clock & { advance(ms: number): void; set(d: Date): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
    set(d) {
      current = new Date(d);
    },
  };
}

export interface ControllableClock extends Clock {
  /** moves this clock forward; never backwards (jobs and rules assume time only grows) */
  advance(ms: number): void | Promise<void>;
  /** reads an offset other processes may have moved (sharedControllableClock); before each request and job poll */
  refresh?(): Promise<void>;
}

/**
 * The system clock plus an offset that only browser tests move (POST api/v2/test/clock, when
 * E2E_CONTROLLABLE_CLOCK is set; never in production). The API and the in-process job runner
 * share the one instance, so a cut-off passes for both at once.
 */
export function controllableClock(base: Clock = systemClock): ControllableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(base.now().getTime() + offsetMs),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward.');
      offsetMs += ms;
    },
  };
}

/**
 * The controllable clock of a test cluster (several API processes and a worker): the offset lives
 * in the database (table test_clock), advance() moves it there atomically, and refresh() reads it.
 * now() stays synchronous; the app refreshes before each request, the job runner before each poll.
 */
export function sharedControllableClock(
  db: { query<R extends object>(sql: string, params?: unknown[]): Promise<{ rows: R[] }> },
  base: Clock = systemClock,
): ControllableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(base.now().getTime() + offsetMs),
    async advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward.');
      const { rows } = await db.query<{ offset_ms: string }>(
        `INSERT INTO test_clock (id, offset_ms) VALUES (true, $1)
         ON CONFLICT (id) DO UPDATE SET offset_ms = test_clock.offset_ms + EXCLUDED.offset_ms RETURNING offset_ms`,
        [Math.round(ms)],
      );
      offsetMs = Number(rows[0]!.offset_ms);
    },
    async refresh() {
      const { rows } = await db.query<{ offset_ms: string }>('SELECT offset_ms FROM test_clock');
      offsetMs = rows.length ? Number(rows[0]!.offset_ms) : 0;
    },
  };
}

export function isControllable(clock: Clock): clock is ControllableClock {
  return typeof (clock as Partial<ControllableClock>).advance === 'function';
}
