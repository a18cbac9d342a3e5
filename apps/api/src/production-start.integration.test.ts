import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { productionEnv } from '../test/production-env.js';

// Production fails closed (docs/decisions/028): the real server.ts, started as `npm start` starts
// it, with NODE_ENV=production and settings missing, exits non-zero before it touches a
// database, printing one line per missing setting and no stack trace.
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caterway-production-'));

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The server's environment: only what a test gives (none of this shell's settings leak in). */
function run(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

describe('a production start without its settings', () => {
  it('is refused with one line per missing setting, no stack trace, exit code 1', async () => {
    const { code, stdout, stderr } = await run({ NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(lines(stderr)).toEqual([
      'Invalid configuration:',
      expect.stringMatching(/^  JWT_SECRET: required when NODE_ENV=production/),
      expect.stringMatching(/^  PUBLIC_URL: required when NODE_ENV=production/),
      expect.stringMatching(/^  SMTP_URL: required when NODE_ENV=production/),
      expect.stringMatching(/^  GEOCODER_URL: required when NODE_ENV=production/),
      expect.stringMatching(/^  STRIPE_SECRET_KEY: required when NODE_ENV=production, unless PAYMENTS=sandbox/),
      expect.stringMatching(/^  STRIPE_PUBLISHABLE_KEY: required when NODE_ENV=production, unless PAYMENTS=sandbox/),
      expect.stringMatching(/^  STRIPE_WEBHOOK_SECRET: required when NODE_ENV=production, unless PAYMENTS=sandbox/),
    ]);
    expect(stderr).not.toMatch(/\n\s+at /);
    // nothing was started: no database folder
    expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
  });

  it.each([
    ['no JWT_SECRET', { JWT_SECRET: undefined }, /^  JWT_SECRET: required/],
    ['a short JWT_SECRET', { JWT_SECRET: 'x'.repeat(31) }, /^  JWT_SECRET: must be at least 32 bytes/],
    ['no PUBLIC_URL', { PUBLIC_URL: undefined }, /^  PUBLIC_URL: required/],
    ['no SMTP_URL', { SMTP_URL: undefined }, /^  SMTP_URL: required/],
    ['no GEOCODER_URL', { GEOCODER_URL: undefined }, /^  GEOCODER_URL: required/],
    ['DEV_MAILBOX=true', { DEV_MAILBOX: 'true' }, /^  DEV_MAILBOX: must not be set when NODE_ENV=production/],
  ])('is refused with %s, naming only that setting', async (_name, change, line) => {
    const env = Object.fromEntries(Object.entries({ ...productionEnv, DATA_DIR: dataDir, ...change }).filter((e): e is [string, string] => e[1] !== undefined));
    const { code, stderr } = await run(env);
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual(['Invalid configuration:', expect.stringMatching(line)]);
  });

  it('names the three Stripe settings when payments are neither Stripe nor an explicit sandbox', async () => {
    const { PAYMENTS: _sandbox, ...env } = productionEnv;
    const { code, stderr } = await run({ ...env, DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_live_abc' });
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual([
      'Invalid configuration:',
      expect.stringMatching(/^  STRIPE_PUBLISHABLE_KEY: required when NODE_ENV=production, unless PAYMENTS=sandbox/),
      expect.stringMatching(/^  STRIPE_WEBHOOK_SECRET: required when NODE_ENV=production, unless PAYMENTS=sandbox/),
    ]);
  });
});
