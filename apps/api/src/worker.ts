import pino from 'pino';
import { createMailer } from './adapters/email/index.js';
import { createGeocoder } from './adapters/geocoding/index.js';
import { createPaymentProvider } from './adapters/payments/index.js';
import { loadConfigOrExit } from './config/env.js';
import { migrate } from './db/migrate.js';
import { createPool } from './db/pool.js';
import { startJobRunner } from './job-runner.js';
import { sharedControllableClock, systemClock } from './lib/clock.js';
import { resolveJwtSecret } from './lib/secrets.js';

// `npm run worker`: the job queue's runner as a separate process against DATABASE_URL (run the
// API with JOBS_IN_PROCESS=false, or not: any number of runners share the queue safely).
// The embedded database belongs to the API process, so a worker needs a PostgreSQL server.

const config = loadConfigOrExit();
const log = pino({ level: config.logLevel });

let closing = false;

/** Starts the runner, or nothing when a signal came while the database was being migrated. */
async function start() {
  if (!config.databaseUrl) {
    console.error('\n  npm run worker needs DATABASE_URL (a PostgreSQL server shared with the API).\n');
    process.exit(1);
  }
  const db = createPool(config.databaseUrl, { max: Math.min(config.databasePoolSize, 5), logger: log });
  await migrate(db); // idempotent and locked: the worker may start before the API
  if (closing) return { db };
  const mailer = createMailer(config, db, log);
  // a browser-test cluster's clock, shared with the API processes through the database (lib/clock.ts)
  const clock = config.controllableClock ? sharedControllableClock(db) : systemClock;
  const runner = startJobRunner(
    {
      config,
      db,
      clock,
      mailer,
      payments: createPaymentProvider(config, db, log, clock),
      geocoder: createGeocoder(config, log),
      // signs the restaurant emails' answer links (JWT_SECRET in production, as for the API)
      jwtSecret: resolveJwtSecret(config),
    },
    log,
  );
  return { db, mailer, runner };
}

// the signals are handled from the first moment: a worker stopped while it migrates (another
// process holds the migration lock, say) waits for that to end, starts nothing and exits 0
const started = start();
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'worker shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000).unref();
  const running = await started.catch(() => undefined);
  try {
    await running?.runner?.stop();
    await running?.mailer?.close?.();
  } finally {
    await running?.db.end().catch(() => undefined);
    clearTimeout(timer);
    process.exit(0);
  }
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

started.catch((err: Error) => {
  console.error(`\n  The worker could not start: ${err.message}\n`);
  process.exit(1);
});
