import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../../test/helpers.js';
import { createOutboxMailer } from '../../adapters/email/index.js';
import { createGeocoder } from '../../adapters/geocoding/index.js';
import { createSandboxProvider } from '../../adapters/payments/index.js';
import { buildApp } from '../../app.js';
import type { Db } from '../../db/pool.js';
import { fixedClock, sharedControllableClock } from '../../lib/clock.js';
import { createJobRunner } from '../../lib/jobs.js';

// The browser tests' clock on a cluster (issue 7 item 6): two API processes and a job worker on
// one database move together. Each process has its own clock object; the offset lives in
// test_clock, read before each request and each job poll.

const BASE = new Date('2026-11-23T15:00:00Z');

describe('the test clock shared by several processes', () => {
  let db: Db;
  let drop: () => Promise<void>;
  const apps: FastifyInstance[] = [];
  const clocks: ReturnType<typeof sharedControllableClock>[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    db = database.db;
    drop = database.drop;
    const config = testConfig({ E2E_CONTROLLABLE_CLOCK: 'true' });
    for (let i = 0; i < 2; i++) {
      const clock = sharedControllableClock(db, fixedClock(BASE));
      clocks.push(clock);
      const deps = {
        config,
        db,
        clock,
        mailer: createOutboxMailer(db),
        geocoder: createGeocoder(config, console),
        payments: createSandboxProvider({ db, clock }),
        jwtSecret: new TextEncoder().encode('x'.repeat(40)),
      };
      const app = await buildApp(deps, { logger: false });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop?.();
  });

  it('a move on one API process shows on the other at its next request, and in a worker at its next poll', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const moved = await a.inject({ method: 'POST', url: '/api/v2/test/clock', payload: { advance_seconds: 3600 } });
    expect(moved.json()).toEqual({ now: '2026-11-23T16:00:00.000Z' });
    expect(clocks[1]!.now().toISOString()).toBe(BASE.toISOString()); // b has not been asked anything yet
    await b.inject({ method: 'GET', url: '/api/health' });
    expect(clocks[1]!.now().toISOString()).toBe('2026-11-23T16:00:00.000Z');
    // moves add up, whichever process makes them
    const again = await b.inject({ method: 'POST', url: '/api/v2/test/clock', payload: { advance_seconds: 1800 } });
    expect(again.json()).toEqual({ now: '2026-11-23T16:30:00.000Z' });

    const workerClock = sharedControllableClock(db, fixedClock(BASE));
    const seen: string[] = [];
    const runner = createJobRunner({ db, clock: workerClock, handlers: {}, log: { info() {}, error() {} } });
    await runner.runDue();
    seen.push(workerClock.now().toISOString());
    expect(seen).toEqual(['2026-11-23T16:30:00.000Z']);
  });
});
