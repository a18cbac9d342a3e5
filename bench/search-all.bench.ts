// The full results page's search (issue 20 §2, decision 065): GET api/v2/search/all, the real app
// over HTTP on loopback against the benchmark catalogue (10,000 restaurants / 100,000 menu items),
// next to a bare Fastify hello route under the same load, with bounded counts. Goal: p95 ≤ 25 ms
// at 10 concurrent clients. Also EXPLAINs every statement of the search endpoints and fails on a
// sequential scan of a large table.
//
//   npm run bench:search-all                   # postgres://postgres@127.0.0.1:5432/caterway_bench
//   DATABASE_URL=postgres://... BENCH_REQUESTS=3000 npm run bench:search-all
//
// See bench/README.md, "The full search".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runLoad } from './lib/load.js';
import { explainSearch, LARGE_TABLES, searchAllEndpoints } from './lib/search.js';
import { assertLoopback, benchConfig, ensureCatalogue, serverDatabase, startServers } from './lib/setup.js';
import { postgresCpuMs, r2, summarise } from './lib/stats.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1500);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 150);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_P95_MS = 25;
const resultsDir = path.join(import.meta.dirname, 'results');
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/caterway_bench';
assertLoopback(databaseUrl);

const { db } = await serverDatabase(databaseUrl, 12);
await ensureCatalogue(db, { restaurants: 10_000, menuItems: 100_000 });
const servers = await startServers(db, benchConfig(databaseUrl, 12), 0);

async function measure(name: string, port: number, make: () => string) {
  const run = (count: number) =>
    runLoad({ port, requests: Array.from({ length: count }, () => ({ path: make() })), concurrency: CONCURRENCY });
  await run(WARMUP);
  const cpu = process.cpuUsage();
  const pgBefore = (await postgresCpuMs(db)) ?? 0;
  const load = os.loadavg()[0]!;
  const { latencies, seconds, errors, statuses } = await run(REQUESTS);
  const used = process.cpuUsage(cpu);
  const pgUsed = ((await postgresCpuMs(db)) ?? 0) - pgBefore;
  const others = statuses.filter((s) => s !== 200).length;
  const { requests: _answered, ...stats } = summarise(latencies, seconds);
  const row = {
    endpoint: name,
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    ...stats,
    node_cpu_ms_per_req: r2((used.user + used.system) / 1000 / REQUESTS),
    postgres_cpu_ms_per_req: r2(Math.max(0, pgUsed) / REQUESTS),
    load_average_1m: r2(load),
    not_200: others,
    errors,
  };
  console.log(
    `  ${name.padEnd(26)} p50 ${row.p50_ms} ms  p95 ${row.p95_ms} ms  p99 ${row.p99_ms} ms  ${row.req_per_s} req/s  cpu node ${row.node_cpu_ms_per_req} + pg ${row.postgres_cpu_ms_per_req} ms/req  load ${row.load_average_1m}${others ? `  NOT 200: ${others}` : ''}`,
  );
  return row;
}

let passed = false;
try {
  const plans = (await explainSearch(servers.app, db)).filter((p) => p.endpoint.startsWith('full search'));
  const scans = plans.filter((p) => p.seq_scans_of_large_tables.length);
  console.log(
    `EXPLAIN: ${plans.length} statements of the full search, ${scans.length} with a sequential scan of ${LARGE_TABLES.join('/')}`,
  );
  console.log(
    `load: ${ROUNDS} rounds of ${REQUESTS} requests after ${WARMUP} warm-up, ${CONCURRENCY} clients, keep-alive, loopback`,
  );
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const hello = await measure('bare Fastify hello', servers.helloPort, () => '/hello');
    const [name, make] = Object.entries(searchAllEndpoints)[0]!;
    rounds.push({ hello, search: await measure(name, servers.appPort, make) });
  }
  passed =
    !scans.length &&
    rounds.every((r) => r.search.p95_ms <= TARGET_P95_MS && !r.search.not_200 && !r.search.errors.length);
  const date = new Date().toISOString();
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(
    path.join(resultsDir, `search-all-${date.slice(0, 10)}.json`),
    `${JSON.stringify({ date, target: { p95_ms_at_most: TARGET_P95_MS, concurrency: CONCURRENCY }, passed, machine: { cpus: os.cpus().length, node: process.version }, rounds, explain: plans }, null, 2)}\n`,
  );
  console.log(
    `\n${passed ? 'PASSED' : 'FAILED'}: p95 of the full search ${rounds.map((r) => r.search.p95_ms).join(' / ')} ms (goal ≤ ${TARGET_P95_MS} ms), ${scans.length} sequential scans`,
  );
} finally {
  await servers.close();
  await db.end();
}
process.exit(passed ? 0 : 1);
