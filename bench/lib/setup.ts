// Where a benchmark runs: a PostgreSQL server (a database of its own, created and filled on
// first use) or the embedded PostgreSQL of the default start, and the real app (buildApp with
// the production configuration) next to a bare Fastify hello route, both on 127.0.0.1.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { createOutboxMailer } from '../../apps/api/src/adapters/email/index.js';
import { createOfflineGeocoder } from '../../apps/api/src/adapters/geocoding/index.js';
import { createSandboxProvider } from '../../apps/api/src/adapters/payments/index.js';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig, type Config } from '../../apps/api/src/config/env.js';
import { migrate } from '../../apps/api/src/db/migrate.js';
import { createPool, withDatabase, withTransaction, type Db } from '../../apps/api/src/db/pool.js';
import { DEMO_SEED } from '../../apps/api/src/db/seed/generator.js';
import { loadCatalogue, loadReferenceData } from '../../apps/api/src/db/seed/loader.js';
import { systemClock } from '../../apps/api/src/lib/clock.js';
import { openDatabase } from '../../apps/api/src/lib/runtime.js';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]', '::1'];

export function assertLoopback(url: string): void {
  if (!LOOPBACK.includes(new URL(url).hostname) && !process.env.BENCH_ALLOW_REMOTE_DB) {
    throw new Error(
      `${url.replace(/:[^:@/]*@/, ':***@')} is not a loopback server (set BENCH_ALLOW_REMOTE_DB=1 to override).`,
    );
  }
}

export interface BenchDatabase {
  db: Db;
  url: string;
  label: string;
  close(): Promise<void>;
}

/** A database on a PostgreSQL server: created when missing, migrated. */
export async function serverDatabase(url: string, poolSize: number): Promise<BenchDatabase> {
  assertLoopback(url);
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`refusing to create database ${name}`);
  const admin = createPool(withDatabase(url, 'postgres'), { max: 1 });
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`CREATE DATABASE ${name}`);
      console.log(`created database ${name}`);
    }
  } finally {
    await admin.end();
  }
  const db = createPool(url, { max: poolSize });
  const { applied } = await migrate(db);
  if (applied.length) console.log(`migrated: ${applied.join(', ')}`);
  return { db, url, label: `PostgreSQL server ${new URL(url).host}/${name}`, close: () => db.end() };
}

/** The embedded PostgreSQL exactly as `npm start` opens it (lib/runtime.ts), on a data folder of the benchmark's own. */
export async function embeddedDatabase(dataDir: string, poolSize: number): Promise<BenchDatabase> {
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: String(poolSize), LOG_LEVEL: 'silent' });
  const quiet = { info() {}, warn() {}, error: (o: unknown, m?: string) => console.error(m ?? '', o) };
  const database = await openDatabase(config, quiet as never);
  return {
    db: database.db,
    url: database.url,
    label: `embedded PostgreSQL (${path.relative(repoRoot, dataDir) || dataDir})`,
    close: () => database.close(),
  };
}

/** Fills the generated catalogue when the database has none; VACUUM (ANALYZE) like a live database's autovacuum. */
export async function ensureCatalogue(
  db: Db,
  size: { restaurants: number; menuItems: number },
): Promise<Record<string, number>> {
  await loadReferenceData(db);
  const count = async () =>
    (
      await db.query<{ restaurants: number; menus: number; menu_items: number; presets: number; preset_items: number }>(
        `SELECT (SELECT count(*) FROM chefs)::int AS restaurants, (SELECT count(*) FROM menus)::int AS menus,
                (SELECT count(*) FROM menu_items)::int AS menu_items, (SELECT count(*) FROM presets)::int AS presets,
                (SELECT count(*) FROM preset_items)::int AS preset_items`,
      )
    ).rows[0]!;
  let now = await count();
  if (now.restaurants === 0) {
    console.log(`seeding ${size.restaurants} restaurants / ${size.menuItems} menu items...`);
    const summary = await withTransaction(db, (client) =>
      loadCatalogue(client, {
        seed: DEMO_SEED,
        restaurants: size.restaurants,
        menuItems: size.menuItems,
        kind: 'bench',
      }),
    );
    console.log(`  seeded in ${(summary.ms / 1000).toFixed(1)} s`);
    now = await count();
  } else if (now.restaurants < size.restaurants || now.menu_items < size.menuItems) {
    console.warn(
      `note: the catalogue has ${now.restaurants} restaurants / ${now.menu_items} menu items, fewer than ${size.restaurants} / ${size.menuItems}`,
    );
  }
  await db.query(
    'VACUUM (ANALYZE) chefs, menus, menu_items, presets, preset_chefs, preset_tags, preset_items, search_terms',
  );
  return now;
}

/**
 * The production configuration, with every rate limit the load reaches raised far above it:
 * the benchmark sends thousands of requests from 127.0.0.1 on purpose. Variables another
 * version of env.ts does not know are ignored by it.
 */
export function benchConfig(databaseUrl: string, poolSize: number): Config {
  return loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: String(poolSize),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    // production refuses to start without these (docs/decisions/028); the benchmark sends no
    // email, takes card payments in the sandbox, and geocodes with the offline gazetteer (below)
    PUBLIC_URL: 'http://127.0.0.1',
    SMTP_URL: 'smtp://127.0.0.1:9',
    GEOCODER_URL: 'http://127.0.0.1:9',
    PAYMENTS: 'sandbox',
    // the merchant of record on invoices: the documentation's example values
    COMPANY_LEGAL_NAME: 'Caterway Benchmark Inc.',
    COMPANY_ADDRESS: '100 King St W, Suite 5600, Toronto, ON M5X 1A9, Canada',
    TAX_GST_HST_NUMBER: '123456789 RT0001',
    TAX_QST_NUMBER: '1234567890 TQ0001',
    // and the support line the storefront shows (a number of the fictional 555-01xx range)
    SUPPORT_PHONE: '+1 416-555-0100',
    DATA_DIR: path.join(repoRoot, '.tmp/bench-app'),
    JOBS_IN_PROCESS: 'false',
    SIGNIN_BACKOFF_AFTER: '100000',
    RATE_LIMIT_SEARCH_PER_MINUTE: '1000000',
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000000',
    // the PDF pool's size, to compare (default: the app's own, cores - 1)
    ...(process.env.PDF_WORKERS ? { PDF_WORKERS: process.env.PDF_WORKERS } : {}),
  });
}

export interface Servers {
  app: FastifyInstance;
  hello: FastifyInstance;
  appPort: number;
  helloPort: number;
  close(): Promise<void>;
}

/** The real app and a bare hello route on loopback ports (BENCH_PORT and the next; 0 picks free ones). */
export async function startServers(db: Db, config: Config, basePort: number): Promise<Servers> {
  const app = await buildApp(
    {
      config,
      db,
      clock: systemClock,
      mailer: createOutboxMailer(db),
      geocoder: createOfflineGeocoder(),
      payments: createSandboxProvider({ db, clock: systemClock }),
      jwtSecret: new TextEncoder().encode(config.jwtSecret),
    },
    { logger: false },
  );
  await app.listen({ host: '127.0.0.1', port: basePort ? basePort + 1 : 0 });
  const hello = Fastify({ logger: false });
  hello.get('/hello', () => ({ hello: 'world' }));
  await hello.listen({ host: '127.0.0.1', port: basePort });
  return {
    app,
    hello,
    appPort: (app.server.address() as AddressInfo).port,
    helloPort: (hello.server.address() as AddressInfo).port,
    async close() {
      await app.close();
      await hello.close();
    },
  };
}
