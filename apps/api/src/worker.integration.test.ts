import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helpers.js';
import type { Db } from './db/pool.js';
import { enqueue, findJob } from './lib/jobs.js';
import { CHECK_PAYMENT, PROCESS_ORDER } from './modules/order-lifecycle/lifecycle.service.js';

// `npm run worker` as it runs: a separate process on DATABASE_URL that runs due jobs of the
// queue and stops cleanly on SIGTERM. A job for an order that does not exist finishes at once,
// so the test needs no catalogue.
const root = path.resolve(import.meta.dirname, '../../..');

describe('npm run worker', () => {
  let db: Db;
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    ({ db, url } = database);
    drop = () => database.drop();
  });
  afterAll(async () => {
    await drop();
  });

  it('runs due jobs against DATABASE_URL and stops cleanly on SIGTERM', async () => {
    await enqueue(db, {
      kind: PROCESS_ORDER,
      dedupeKey: 'order:999999991',
      payload: { order_id: 999_999_991 },
      runAt: new Date(Date.now() - 1000),
    });
    await enqueue(db, {
      kind: CHECK_PAYMENT,
      dedupeKey: 'order:999999992',
      payload: { order_id: 999_999_992 },
      runAt: new Date(Date.now() - 1000),
    });
    await enqueue(db, {
      kind: PROCESS_ORDER,
      dedupeKey: 'order:999999993',
      payload: { order_id: 999_999_993 },
      runAt: new Date(Date.now() + 3_600_000),
    });
    let output = '';
    // two worker processes share the queue, as in production or the browser-test cluster
    const workers = [1, 2].map(() => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/worker.ts')], {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'info', JOBS_POLL_MS: '100' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      return { child, exited };
    });
    try {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const a = await findJob(db, PROCESS_ORDER, 'order:999999991');
        const b = await findJob(db, CHECK_PAYMENT, 'order:999999992');
        if (!a && !b) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      // both runners up (a signal before a process has loaded would kill it, as it would any program)
      while (Date.now() < deadline && output.split('job runner started').length < 3) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(output.split('job runner started').length - 1, output).toBe(2);
      // a job that ran leaves the queue; the one not due yet stays
      expect(await findJob(db, PROCESS_ORDER, 'order:999999991'), output).toBeUndefined();
      expect(await findJob(db, CHECK_PAYMENT, 'order:999999992'), output).toBeUndefined();
      expect(await findJob(db, PROCESS_ORDER, 'order:999999993')).toMatchObject({ attempts: 0, locked_at: null });
    } finally {
      for (const { child } of workers) child.kill('SIGTERM');
    }
    expect(await Promise.all(workers.map((w) => w.exited)), output).toEqual([0, 0]);
  }, 60_000);

  it('refuses to start without DATABASE_URL, saying so', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/worker.ts')], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(output).toContain('npm run worker needs DATABASE_URL');
  }, 30_000);
});
