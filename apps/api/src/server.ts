import pino from 'pino';
import { createMailer } from './adapters/email/index.js';
import { createGeocoder } from './adapters/geocoding/index.js';
import { createPaymentProvider } from './adapters/payments/index.js';
import { createStorage } from './adapters/storage/index.js';
import { buildApp } from './app.js';
import { loadConfigOrExit } from './config/env.js';
import { DataDirInUseError } from './db/embedded.js';
import { repairGeneratedArt } from './db/generated-art.js';
import { ensureDemoData, replaceDemoStaffPassword, replaceDemoTeamPassword } from './db/seed/demo.js';
import { loadReferenceData } from './db/seed/loader.js';
import { ensureDemoOrderHistory, ensureDemoRestaurantTeam } from './demo-orders.js';
import { startJobRunner } from './job-runner.js';
import { isControllable, sharedControllableClock, systemClock } from './lib/clock.js';
import { demoAccounts, demoRestaurantTeam } from './lib/demo-accounts.js';
import { openDatabase } from './lib/runtime.js';
import { resolveJwtSecret } from './lib/secrets.js';
import { createCatalogueChangesRepository } from './modules/catalogue-changes/catalogue-changes.repository.js';
import { createIdempotencyRepository } from './modules/orders/idempotency.repository.js';
import { createOrdersRepository } from './modules/orders/orders.repository.js';

const config = loadConfigOrExit();

const log = pino({ level: config.logLevel });
async function main() {
  const database = await openDatabase(config, log, {
    // the embedded server died and could not be restarted: exit so that a supervisor (or the user) starts us again
    onLost: (message) => {
      console.error(`\n  ${message} Caterway stops; start it again.\n`);
      process.exit(1);
    },
  });
  // browser tests move this clock (POST api/v2/test/clock), shared through the database with every
  // API process and worker of a test cluster; loadConfig refuses the flag in production
  const clock = config.controllableClock ? sharedControllableClock(database.db) : systemClock;
  if (isControllable(clock)) await clock.refresh?.();
  let closing = false;
  try {
    if (database.embedded) {
      // the data-folder lock makes this the only process on the database: claims still in progress
      // belong to a run that was killed, and its clients are retrying them (decision 013)
      const keys = await createIdempotencyRepository(database.db).releaseAllInProgress();
      const claims = await createOrdersRepository(database.db).reopenAllPaymentClaims();
      if (keys || claims) log.warn({ keys, claims }, 'released the checkouts a previous run left in progress');
    }
    // cuisine and dietary types and the tag palette exist even without demo data (idempotent)
    await loadReferenceData(database.db);
    const mailer = createMailer(config, database.db, log);
    const geocoder = createGeocoder(config, log);
    const payments = createPaymentProvider(config, database.db, log, clock);
    if (config.seedDemo) {
      const result = await ensureDemoData(database.db, log);
      if (result.loaded) log.info(result.summary, 'demo catalogue loaded');
      const history = await ensureDemoOrderHistory(database.db, { payments, geocoder, clock, log });
      if (history.created) log.info(history, 'demo order history created');
      const team = await ensureDemoRestaurantTeam(database.db, { payments, geocoder, clock, log });
      if (team) log.info(team, 'demo restaurant team created');
    }
    // dishes that still show generated art draw their dish type, banners their dishes (decision 074)
    const art = await repairGeneratedArt(database.db, (ids) =>
      createCatalogueChangesRepository(database.db).catalogueChanged(ids),
    );
    if (art.dishes || art.options || art.banners) log.info(art, 'generated art brought up to date');
    // production: the demo staff and team accounts never keep their published passwords (decision 028)
    const published = [
      ['Staff account', replaceDemoStaffPassword],
      ['Restaurant team account', replaceDemoTeamPassword],
    ] as const;
    for (const [label, replace] of config.isProduction ? published : []) {
      const account = await replace(database.db);
      if (account)
        console.log(
          `  ${label} ${account.email}: password ${account.password} (shown only this once; change it after signing in)`,
        );
    }
    const deps = {
      config,
      db: database.db,
      clock,
      mailer,
      geocoder,
      payments,
      storage: createStorage(config),
      jwtSecret: resolveJwtSecret(config),
    };
    const app = await buildApp(deps);
    // the job queue (order processing) runs here unless JOBS_IN_PROCESS=false (then `npm run worker`)
    const runner = config.jobsInProcess ? startJobRunner(deps, log) : undefined;

    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      log.info({ signal }, 'shutting down');
      const timer = setTimeout(() => process.exit(1), 10_000).unref();
      try {
        await app.close(); // stops accepting, waits for in-flight requests
        await runner?.stop(); // waits for the job in progress
        await mailer.close?.();
      } finally {
        await database.close();
        clearTimeout(timer);
        process.exit(0);
      }
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));

    await app.listen({ port: config.port, host: config.host });
    const lines = [
      '',
      `  Caterway is running at ${config.publicUrl}`,
      `  API docs:        ${config.publicUrl}/api/docs`,
      `  Group orders:    ${config.groupOrdersUrl}/`,
      config.mailboxEnabled ? `  Dev mailbox:     ${config.publicUrl}/dev/mailbox` : '',
      `  Database:        ${database.embedded ? `embedded PostgreSQL (${config.dataDir}/postgres)` : 'DATABASE_URL'}`,
      config.seedDemo ? '  Demo accounts:' : '',
      // in production the staff password is the random one printed above, once
      ...(config.seedDemo
        ? demoAccounts.map(
            (a) =>
              `    ${a.role.padEnd(10)} ${a.email} / ${config.isProduction && a.role === 'staff' ? '(random, printed at its first start)' : a.password}`,
          )
        : []),
      config.seedDemo
        ? `    ${'restaurant'.padEnd(10)} ${demoRestaurantTeam.email} / ${config.isProduction ? '(random, printed at its first start)' : demoRestaurantTeam.password}  (portal: ${config.publicUrl}/partner)`
        : '',
      '  Press Ctrl-C to stop.',
      '',
    ].filter((l) => l !== '');
    console.log(lines.join('\n'));
  } catch (err) {
    await database.close();
    throw err;
  }
}

main().catch((err) => {
  if (err instanceof DataDirInUseError) {
    console.error(`\n  ${err.message}\n`);
  } else {
    console.error(`\n  Caterway could not start: ${(err as Error).message}\n`);
  }
  process.exit(1);
});
