import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess } from '../test/server-process.js';

// The real `server.ts` as `npm start` runs it: embedded PostgreSQL under DATA_DIR, demo data
// on the first start only, a refused second start on the same folder, a clean Ctrl-C, rows
// kept across restarts, and an API that survives its database going away.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caterway-lifecycle-'));
const children: ChildProcess[] = [];

function start(port: number) {
  const server = startServerProcess({
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  });
  children.push(server.child);
  return server;
}

async function json(port: number, url: string, init?: RequestInit) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, init);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start on the embedded PostgreSQL', () => {
  it('starts, refuses a second start on the same folder, stops on Ctrl-C and keeps rows across restarts', async () => {
    const port = await freePort();
    const first = start(port);
    await first.ready;
    expect(first.output()).toContain(`http://localhost:${port}`);
    expect(first.output()).toContain('demo@caterway.ca / Lunch4Forty');
    expect((await json(port, '/api/ready')).body).toEqual({ status: 'ok', database: 'up' });

    // a row written by a user
    const email = `lifecycle.${Date.now()}@example.com`;
    const signUp = await json(port, '/api/v2/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        user: {
          first_name: 'Lee',
          last_name: 'Chan',
          email,
          phone: '416-555-0100',
          address1: '100 King St W, Toronto, ON M5X 1A9',
          password: 'Lunch4Forty',
          password_confirmation: 'Lunch4Forty',
          latitude: 43.6487,
          longitude: -79.3817,
        },
      }),
    });
    expect(signUp.status).toBe(201);

    // a second server on the same data folder is refused with a clear message
    const second = start(await freePort());
    await expect(second.ready).rejects.toThrow(/already running on the data folder/);
    expect(await second.exited).toBe(1);

    // Ctrl-C: clean exit, the embedded server stops and the lock is released
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'caterway.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    // restart: the user is still there, and the demo catalogue was not loaded twice
    const again = start(port);
    await again.ready;
    const resend = await json(port, '/api/v2/users/confirmation', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: { email } }),
    });
    expect(resend.status).toBe(200);
    const mailbox = await json(port, `/api/v2/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect((mailbox.body.emails as unknown[]).length).toBe(2); // the first confirmation mail survived, plus the resend
    const vars = await json(port, '/api/v2/system_vars?value_types=preset_cuisine_type');
    expect((vars.body.preset_cuisine_type as unknown[]).length).toBeGreaterThan(10);
    expect(again.output()).not.toContain('demo catalogue loaded');

    // the database goes away: the API answers 503 and keeps running, then restarts it (decision 013)
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGKILL');
    let down = await json(port, '/api/ready');
    for (let i = 0; i < 50 && down.status === 200; i++) down = await json(port, '/api/ready'); // old backends linger a moment
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ error: 'The service is temporarily unavailable. Please try again in a moment.' });
    expect(again.child.exitCode).toBeNull();
    expect((await json(port, '/api/health')).status).toBe(200);
    for (let i = 0; i < 300 && (await json(port, '/api/ready')).status !== 200; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await json(port, '/api/ready')).status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 180_000);
});
