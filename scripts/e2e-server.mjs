#!/usr/bin/env node
// Starts the real server for the browser journeys: a fresh embedded PostgreSQL in
// .tmp/e2e-data (or TEST_DATABASE_URL's server, on a fresh database), demo data, the
// built storefront, and the development mailbox.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, '.tmp/e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: process.env.E2E_PORT || '3210',
  DATA_DIR: dataDir,
  MAILBOX_ENABLED: 'true',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
  RATE_LIMIT_AUTH_PER_HOUR: '1000',
  // journeys move the server clock past a group order's cut-off (POST api/v2/test/clock)
  E2E_CONTROLLABLE_CLOCK: 'true',
  JOBS_POLL_MS: '1000',
};
delete env.DATABASE_URL;
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], { cwd: root, stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
