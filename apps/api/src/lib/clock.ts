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
  advance(ms: number): void;
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

export function isControllable(clock: Clock): clock is ControllableClock {
  return typeof (clock as Partial<ControllableClock>).advance === 'function';
}
