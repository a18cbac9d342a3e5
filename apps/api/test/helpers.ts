import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { createOutboxMailer } from '../src/adapters/email/index.js';
import { createGeocoder } from '../src/adapters/geocoding/index.js';
import { createSandboxProvider } from '../src/adapters/payments/index.js';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/env.js';
import { createPool, withDatabase, type Db } from '../src/db/pool.js';
import { ensureDemoData } from '../src/db/seed/demo.js';
import { fixedClock, systemClock, type Clock } from '../src/lib/clock.js';
import type { AppDeps } from '../src/lib/deps.js';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  deps: AppDeps;
  databaseUrl: string;
  close(): Promise<void>;
}

async function dropDatabase(serverUrl: string, name: string, db: Db): Promise<void> {
  await db.end().catch(() => undefined);
  const admin = createPool(serverUrl, { max: 1 });
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** A fresh database cloned from the migrated template; never shared between test files. */
export async function createTestDatabase(): Promise<{ db: Db; url: string; drop: () => Promise<void> }> {
  const serverUrl = inject('testServerUrl');
  const template = inject('testTemplateDb');
  const name = `${template}_f${crypto.randomBytes(5).toString('hex')}`;
  const admin = createPool(serverUrl, { max: 1 });
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  // five for the queries and one held by the app's LISTEN connection (partner inbox and catalogue
  // sync, decision 056), as docs/operations.md counts a pool
  const db = createPool(url, { max: 6 });
  return { db, url, drop: () => dropDatabase(serverUrl, name, db) };
}

/** A fresh, empty database (no migrations): for tests of a migration over older data. */
export async function createEmptyTestDatabase(): Promise<{ db: Db; url: string; drop: () => Promise<void> }> {
  const serverUrl = inject('testServerUrl');
  const name = `caterway_empty_${crypto.randomBytes(5).toString('hex')}`;
  const admin = createPool(serverUrl, { max: 1 });
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  const db = createPool(url, { max: 2 });
  return { db, url, drop: () => dropDatabase(serverUrl, name, db) };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/caterway-test-data', ...overrides });
}

/** Builds the real app on its own database. Pass overrides to swap a port (clock, mailer, ...). */
export async function createTestApp(
  overrides: Partial<AppDeps> & { env?: Record<string, string> } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = overrides.config ?? testConfig(overrides.env);
  const clock: Clock = overrides.clock ?? systemClock;
  const deps: AppDeps = {
    config,
    db: database.db,
    clock,
    mailer: overrides.mailer ?? createOutboxMailer(database.db),
    geocoder: overrides.geocoder ?? createGeocoder(config, console),
    // the sandbox provider on this test's database, on the test's clock (card expiry)
    payments: overrides.payments ?? createSandboxProvider({ db: database.db, clock }),
    jwtSecret: overrides.jwtSecret ?? new TextEncoder().encode('test-secret-test-secret-test-secret-0123'),
  };
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    deps,
    databaseUrl: database.url,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** A test app on the demo catalogue (ensureDemoData), its clock fixed at `now`. */
export async function createDemoTestApp(now: Date): Promise<TestContext> {
  const ctx = await createTestApp({ clock: fixedClock(now) });
  await ensureDemoData(ctx.db, { info() {}, warn() {} });
  return ctx;
}
