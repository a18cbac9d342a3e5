import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startPhotonFake } from '../test/fakes/photon-fake.js';
import { matching, productionEnv, refusalWithNothingSet } from '../test/production-env.js';
import { freePort, startServerProcess } from '../test/server-process.js';

// Production fails closed (docs/decisions/028): the real server.ts, started as `npm start` starts
// it, with NODE_ENV=production and settings missing, exits non-zero before it touches a
// database, printing one line per missing setting and no stack trace.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caterway-production-'));
// the test's own folder: as root the embedded PostgreSQL runs as the postgres system user, which must pass it
fs.chmodSync(dataDir, 0o755);

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The server's environment: only what a test gives (none of this shell's settings leak in). */
async function run(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const server = startServerProcess({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 80_000); // a loaded machine starts tsx slowly
  const code = await server.exited;
  clearTimeout(timer);
  return { code, stdout: server.stdout(), stderr: server.stderr() };
}

/** A production server that keeps running (only the given environment, as run() does). */
function startServer(env: Record<string, string>) {
  const server = startServerProcess({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    LOG_LEVEL: 'warn',
    ...env,
  });
  return {
    ready: server.ready,
    stdout: server.stdout,
    async stop() {
      if (server.child.exitCode === null) server.child.kill('SIGTERM');
      return server.exited;
    },
  };
}

const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

describe('a production start without its settings', () => {
  it('is refused with one line per missing setting, no stack trace, exit code 1', async () => {
    const { code, stdout, stderr } = await run({ NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(lines(stderr)).toEqual(matching(refusalWithNothingSet));
    expect(stderr).not.toMatch(/\n\s+at /);
    // nothing was started: no database folder
    expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
  }, 90_000);

  // each setting's own line (a short JWT_SECRET, DEV_MAILBOX=true, ...) is pinned by the unit
  // test of the same refusal (config/env.test.ts); the process tests here show it reaches stderr
  // and the exit code as it is

  it('names the three Stripe settings when payments are neither Stripe nor an explicit sandbox', async () => {
    const { PAYMENTS: _sandbox, ...env } = productionEnv;
    const { code, stderr } = await run({ ...env, DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_live_abc' });
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual([
      'Invalid configuration:',
      expect.stringMatching(/^ {2}STRIPE_PUBLISHABLE_KEY: required when NODE_ENV=production, unless PAYMENTS=sandbox/),
      expect.stringMatching(/^ {2}STRIPE_WEBHOOK_SECRET: required when NODE_ENV=production, unless PAYMENTS=sandbox/),
    ]);
  }, 90_000);
});

describe('a production start with its settings', () => {
  it('starts without a reachable SMTP server (the mail waits), with a random staff password printed once and no dev mailbox', async () => {
    const geocoder = await startPhotonFake();
    const smtpPort = await freePort(); // nothing listens there
    const port = await freePort();
    const env = {
      ...productionEnv,
      DATA_DIR: path.join(dataDir, 'running'),
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      SEED_DEMO: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      GEOCODER_URL: geocoder.url,
    };
    const base = `http://127.0.0.1:${port}`;
    try {
      const first = startServer(env);
      try {
        await first.ready;
        // one line, on stdout, with a password that is not the published one
        const staffLines = first
          .stdout()
          .split('\n')
          .filter((l) => l.includes('Staff account'));
        expect(staffLines).toHaveLength(1);
        const password = /password (\S+) \(shown only this once/.exec(staffLines[0]!)?.[1] ?? '';
        expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
        expect(first.stdout()).not.toContain('Kitchen4Ops');
        // the demo restaurant team's published password is replaced the same way
        expect(
          first
            .stdout()
            .split('\n')
            .filter((l) => l.includes('Restaurant team account')),
        ).toHaveLength(1);
        expect(first.stdout()).not.toContain('Prep4Lunch');
        const signIn = await fetch(`${base}/user_token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ auth: { email: 'ops@caterway.ca', password } }),
        });
        expect(signIn.status).toBe(200);
        const published = await fetch(`${base}/user_token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ auth: { email: 'ops@caterway.ca', password: 'Kitchen4Ops' } }),
        });
        expect(published.status).toBe(401);

        // the development mailbox is not there, page nor API; test mode is announced
        for (const url of ['/api/v2/dev/mailbox', '/dev/mailbox'])
          expect((await fetch(`${base}${url}`)).status, url).toBe(404);
        expect(await (await fetch(`${base}/api/v2/site_config`)).json()).toMatchObject({ test_mode: true });

        // a reset email to an SMTP server that is not there: the request succeeds, the mail waits
        const reset = await fetch(`${base}/users/password.json`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user: { email: 'ops@caterway.ca' } }),
        });
        expect(reset.status).toBe(200);
        await expect.poll(() => first.stdout(), { timeout: 10_000 }).toMatch(/"msg":"email not sent"/);
        expect((await fetch(`${base}/api/ready`)).status).toBe(200);
        // queued: in the outbox unsent, with a delivery job waiting (read as the app's own role)
        const credentials = JSON.parse(
          fs.readFileSync(path.join(env.DATA_DIR, 'postgres-credentials.json'), 'utf8'),
        ) as { app_password: string };
        const pgPort = Number(
          fs.readFileSync(path.join(env.DATA_DIR, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3],
        );
        const db = new pg.Client({
          host: '127.0.0.1',
          port: pgPort,
          user: 'caterway_app',
          password: credentials.app_password,
          database: 'caterway',
        });
        await db.connect();
        try {
          const outbox = await db.query<{ sent: boolean; error: string | null }>(
            `SELECT sent_at IS NOT NULL AS sent, error FROM outbox_emails WHERE to_address = 'ops@caterway.ca'`,
          );
          expect(outbox.rows).toEqual([{ sent: false, error: expect.stringMatching(/ECONNREFUSED|connect/) }]);
          const jobs = await db.query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'email_delivery'`);
          expect(jobs.rowCount).toBe(1);
        } finally {
          await db.end();
        }
        expect(await first.stop()).toBe(0); // a clean SIGTERM
      } finally {
        await first.stop();
      }

      // the next start prints no password: the account no longer has the published one
      const second = startServer(env);
      try {
        await second.ready;
        expect(second.stdout()).not.toContain('Staff account');
        expect(second.stdout()).not.toContain('Kitchen4Ops');
      } finally {
        await second.stop();
      }
    } finally {
      await geocoder.close();
    }
  }, 240_000);
});
