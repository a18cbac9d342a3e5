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
import path from 'node:path';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config/env.js';
import { createPool, withDatabase, withTransaction, type Db } from '../apps/api/src/db/pool.js';
import { migrate } from '../apps/api/src/db/migrate.js';
import { systemClock } from '../apps/api/src/lib/clock.js';
import { createOutboxMailer } from '../apps/api/src/adapters/email/index.js';
import { createGeocoder } from '../apps/api/src/adapters/geocoding/index.js';
import { createSandboxProvider } from '../apps/api/src/adapters/payments/index.js';
import { loadCatalogue } from '../apps/api/src/db/seed/loader.js';
import { DEMO_SEED } from '../apps/api/src/db/seed/generator.js';
import { cities } from '../apps/api/src/db/seed/vocabulary.js';

const RESTAURANTS = 10_000;
const MENU_ITEMS = 100_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1500);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 150);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const TARGET_P95_MS = 50;
const LARGE_TABLES = ['chefs', 'menus', 'menu_items', 'presets', 'preset_items'];
const resultsDir = path.join(import.meta.dirname, 'results');

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/caterway_bench';
if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(databaseUrl).hostname) && !process.env.BENCH_ALLOW_REMOTE_DB) {
  console.error('DATABASE_URL must point at a loopback server (set BENCH_ALLOW_REMOTE_DB=1 to override).');
  process.exit(2);
}

// ---------------------------------------------------------------- database
async function ensureDatabase(): Promise<Db> {
  const name = new URL(databaseUrl).pathname.slice(1) || 'caterway_bench';
  const admin = createPool(withDatabase(databaseUrl, 'postgres'), { max: 1 });
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`refusing to create database ${name}`);
      await admin.query(`CREATE DATABASE ${name}`);
      console.log(`created database ${name}`);
    }
  } finally {
    await admin.end();
  }
  const db = createPool(databaseUrl, { max: 12 });
  const { applied } = await migrate(db);
  if (applied.length) console.log(`migrated: ${applied.join(', ')}`);
  const { rows } = await db.query<{ chefs: number; items: number }>(
    'SELECT (SELECT count(*) FROM chefs)::int AS chefs, (SELECT count(*) FROM menu_items)::int AS items',
  );
  const { chefs, items } = rows[0]!;
  if (chefs === 0) {
    console.log(`seeding ${RESTAURANTS} restaurants / ${MENU_ITEMS} menu items...`);
    const summary = await withTransaction(db, (client) =>
      loadCatalogue(client, { seed: DEMO_SEED, restaurants: RESTAURANTS, menuItems: MENU_ITEMS, kind: 'bench' }),
    );
    console.log(`seeded in ${(summary.ms / 1000).toFixed(1)} s`);
  } else if (chefs < RESTAURANTS || items < MENU_ITEMS) {
    console.warn(`note: the catalogue has ${chefs} restaurants / ${items} menu items (fewer than the benchmark's size); run\n` +
      `  DATABASE_URL=${databaseUrl} npm run db:seed -- --reset --restaurants ${RESTAURANTS} --menu-items ${MENU_ITEMS}`);
  }
  // steady state of a live database: autovacuum has set the visibility map (index-only counts)
  await db.query('VACUUM (ANALYZE) chefs, menus, menu_items, presets, preset_chefs, preset_tags, preset_items, search_terms');
  return db;
}

// ---------------------------------------------------------------- query set
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(20261122);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const enc = encodeURIComponent;

const commonWords = ['chicken', 'salad', 'pizza', 'sandwich', 'rice', 'lunch', 'coffee', 'vegan', 'wrap', 'cake'];
const rareWords = ['bibimbap', 'injera', 'poutine', 'tourtiere', 'baklava', 'bulgogi', 'manakeesh', 'tiramisu', 'shiro', 'jerk'];
const typos = ['sushii', 'itlian', 'shawerma', 'chiken', 'burito', 'pizzza', 'sandwhich', 'mediteranean', 'vegtarian', 'tacoz'];
const cuisines = ['Italian', 'Japanese', 'Indian', 'Mexican', 'Thai', 'Greek', 'Chinese', 'Healthy'];
const sorts = ['popular', 'price_desc', 'price_asc', 'headcount_desc', 'headcount_asc'];

function nearPoint(): { lat: string; lng: string } {
  const city = pick(cities);
  const street = pick(city.streets);
  return { lat: (street.lat + (random() - 0.5) * 0.02).toFixed(5), lng: (street.lng + (random() - 0.5) * 0.02).toFixed(5) };
}
function quick(word: string): string {
  const r = random();
  if (r < 0.5) {
    const p = nearPoint();
    return `/api/v2/search/elastic_search?q=${enc(word)}&lat=${p.lat}&lng=${p.lng}`;
  }
  if (r < 0.8) return `/api/v2/search/elastic_search?q=${enc(word)}&city=${enc(pick(cities).name)}`;
  return `/api/v2/search/elastic_search?q=${enc(word)}`;
}
function deliveryParams(): string {
  const day = 23 + Math.floor(random() * 7);
  const time = pick(['08:00 AM', '11:30 AM', '12:15 PM', '05:30 PM']);
  return `delivery_date=2026-12-${String(day).padStart(2, '0')}&delivery_time=${enc(time)}`;
}

const endpoints: Record<string, () => string> = {
  'quick search: common words': () => quick(pick(commonWords)),
  'quick search: rare words': () => quick(pick(rareWords)),
  'quick search: typos': () => quick(pick(typos)),
  'restaurants near an address': () => {
    const p = nearPoint();
    const page = 1 + Math.floor(random() * 3);
    const filter = random() < 0.4 ? `&preset_category_names=${enc(pick(cuisines))}${random() < 0.3 ? `,${enc(pick(cuisines))}` : ''}` : '';
    return `/api/v2/search.json?search_type=restaurant&lat=${p.lat}&lng=${p.lng}&page=${page}&${deliveryParams()}${filter}`;
  },
  'preset search with sort': () => {
    const near = random() < 0.6 ? (() => { const p = nearPoint(); return `&lat=${p.lat}&lng=${p.lng}`; })() : '';
    const filter = random() < 0.3 ? `&preset_category_names=${enc(pick(cuisines))}` : '';
    const q = random() < 0.25 ? `&q=${enc(pick([...commonWords, ...typos]))}` : '';
    return `/api/v2/search?search_type=preset&sort=${pick(sorts)}&page=${1 + Math.floor(random() * 3)}${near}${filter}${q}`;
  },
  'home lists': () => {
    const p = nearPoint();
    return `/api/v2/presets?lat=${p.lat}&lng=${p.lng}`;
  },
};

// ---------------------------------------------------------------- EXPLAIN
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
  [k: string]: unknown;
}
function seqScans(node: PlanNode, out: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && LARGE_TABLES.includes(node['Relation Name'])) out.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScans(child, out);
  return out;
}
function indexesUsed(node: PlanNode, out: Set<string> = new Set()): Set<string> {
  if (typeof node['Index Name'] === 'string') out.add(node['Index Name'] as string);
  for (const child of node.Plans ?? []) indexesUsed(child, out);
  return out;
}

/** Runs one request of each kind through the app with the pool recording its statements, then EXPLAINs each. */
async function explainAll(app: Awaited<ReturnType<typeof buildApp>>, db: Db) {
  const statements = new Map<string, { endpoint: string; text: string; values: unknown[] }>();
  const original = db.query.bind(db) as (...args: unknown[]) => Promise<unknown>;
  let current = '';
  (db as unknown as { query: unknown }).query = (query: unknown, values?: unknown) => {
    // plain text + values, or a { name, text, values } prepared-statement config
    const text = typeof query === 'string' ? query : (query as { text?: string }).text;
    const args = typeof query === 'string' ? values : (query as { values?: unknown[] }).values;
    if (typeof text === 'string' && /^\s*(SELECT|WITH)/i.test(text)) {
      const key = `${current}\n${text.replace(/\s+/g, ' ')}`;
      if (!statements.has(key)) statements.set(key, { endpoint: current, text, values: (args as unknown[]) ?? [] });
    }
    return values === undefined ? original(query) : original(query, values);
  };
  try {
    const samples: [string, string][] = [
      ['quick search: common words', '/api/v2/search/elastic_search?q=chicken&lat=43.6487&lng=-79.3817'],
      ['quick search: rare words', '/api/v2/search/elastic_search?q=injera&city=Toronto'],
      ['quick search: typos', '/api/v2/search/elastic_search?q=itlian'],
      ['restaurants near an address', `/api/v2/search.json?search_type=restaurant&lat=43.6487&lng=-79.3817&page=2&${deliveryParams()}`],
      ['restaurants near an address (cuisine filter)', '/api/v2/search.json?search_type=restaurant&lat=45.5017&lng=-73.5673&preset_category_names=Italian,Japanese'],
      ['restaurants, no address (popular)', '/api/v2/search.json?search_type=restaurant&page=3'],
      ['preset search with sort', '/api/v2/search?search_type=preset&sort=price_desc&page=2&lat=40.7484&lng=-73.9857'],
      ['preset search with sort (no address)', '/api/v2/search?search_type=preset&sort=headcount_asc&page=4'],
      ['preset search with words', '/api/v2/search?search_type=preset&q=breakfst&lat=43.6487&lng=-79.3817'],
      ['preset search, rare word, no address', '/api/v2/search?search_type=preset&q=tacoz&sort=popular&page=2'],
      ['preset search, common word, no address', '/api/v2/search?search_type=preset&q=salad&sort=price_desc&page=3'],
      ['preset search, common word and cuisine near', '/api/v2/search?search_type=preset&q=chicken&preset_category_names=Thai&lat=45.5017&lng=-73.5673'],
      ['home lists', '/api/v2/presets?lat=49.2827&lng=-123.1207'],
    ];
    for (const [endpoint, url] of samples) {
      current = endpoint;
      const res = await app.inject({ method: 'GET', url });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    }
  } finally {
    (db as unknown as { query: unknown }).query = original;
  }
  const plans = [];
  for (const s of statements.values()) {
    const { rows } = await db.query<{ 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${s.text}`,
      s.values,
    );
    const plan = rows[0]!['QUERY PLAN'][0]!;
    plans.push({
      endpoint: s.endpoint,
      sql: s.text.replace(/\s+/g, ' ').trim().slice(0, 400),
      execution_ms: Math.round(plan['Execution Time'] * 100) / 100,
      indexes: [...indexesUsed(plan.Plan)],
      seq_scans_of_large_tables: seqScans(plan.Plan),
    });
  }
  return plans;
}

// ---------------------------------------------------------------- load generator (worker thread)
// A separate thread with its own event loop, so the client's work does not sit in the server's
// queue. Plain JS (eval'd) so it runs without a TypeScript loader.
const workerSource = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { port, urls, concurrency } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
function once(url) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = http.get({ host: '127.0.0.1', port, path: url, agent }, (res) => {
      let n = 0;
      res.on('data', (c) => { n += c.length; });
      res.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, status: res.statusCode, bytes: n }));
    });
    req.on('error', reject);
  });
}
(async () => {
  let next = 0;
  const latencies = new Array(urls.length);
  const errors = [];
  const t0 = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < urls.length) {
      const i = next++;
      const r = await once(urls[i]);
      latencies[i] = r.ms;
      if (r.status !== 200 && errors.length < 5) errors.push(r.status + ' ' + urls[i]);
    }
  }));
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  agent.destroy();
  parentPort.postMessage({ latencies, seconds, errors });
})().catch((e) => parentPort.postMessage({ error: String(e) }));
`;

interface LoadResult {
  latencies: number[];
  seconds: number;
  errors: string[];
}
function runLoad(port: number, urls: string[]): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerSource, { eval: true, workerData: { port, urls, concurrency: CONCURRENCY } });
    worker.once('message', (m: LoadResult & { error?: string }) => {
      void worker.terminate();
      if (m.error) reject(new Error(m.error));
      else resolve(m);
    });
    worker.once('error', reject);
  });
}

/** CPU seconds used so far by the server's backends serving this database (Linux /proc; 0 elsewhere). */
let benchDb: Db | undefined;
async function postgresCpuMs(): Promise<number> {
  if (!benchDb || process.platform !== 'linux') return 0;
  const { rows } = await benchDb.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const { pid } of rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) / tick) * 1000;
    } catch {
      // not on this machine (remote server) or gone
    }
  }
  return total;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const r2 = (n: number) => Math.round(n * 100) / 100;

async function measure(name: string, port: number, make: () => string) {
  await runLoad(port, Array.from({ length: WARMUP }, make));
  const urls = Array.from({ length: REQUESTS }, make);
  const cpu = process.cpuUsage();
  const load = os.loadavg()[0]!;
  const pgBefore = await postgresCpuMs();
  const { latencies, seconds, errors } = await runLoad(port, urls);
  const used = process.cpuUsage(cpu);
  const pgUsed = (await postgresCpuMs()) - pgBefore;
  const sorted = [...latencies].sort((a, b) => a - b);
  const row = {
    endpoint: name,
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    p50_ms: r2(percentile(sorted, 50)),
    p95_ms: r2(percentile(sorted, 95)),
    p99_ms: r2(percentile(sorted, 99)),
    max_ms: r2(sorted.at(-1) ?? 0),
    req_per_s: Math.round(REQUESTS / seconds),
    // CPU of this process (server + load generator thread) per request: unlike latency, it
    // hardly changes when other programs compete for the cores
    node_cpu_ms_per_req: r2((used.user + used.system) / 1000 / REQUESTS),
    // the same for the PostgreSQL backends of the pool (10 ms clock ticks: an estimate)
    postgres_cpu_ms_per_req: r2(Math.max(0, pgUsed) / REQUESTS),
    load_average_1m: r2(load),
    errors,
  };
  console.log(`  ${name.padEnd(30)} p50 ${row.p50_ms} ms  p95 ${row.p95_ms} ms  p99 ${row.p99_ms} ms  ${row.req_per_s} req/s  cpu node ${row.node_cpu_ms_per_req} + pg ${row.postgres_cpu_ms_per_req} ms/req  load ${row.load_average_1m}${errors.length ? `  ERRORS ${errors.join('; ')}` : ''}`);
  return row;
}

// ---------------------------------------------------------------- main
async function main() {
  const db = await ensureDatabase();
  benchDb = db;
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00', DATA_DIR: '/tmp/caterway-bench' });
  const app = await buildApp(
    { config, db, clock: systemClock, mailer: createOutboxMailer(db), geocoder: createGeocoder(config, console), payments: createSandboxProvider({ db, clock: systemClock }), jwtSecret: new TextEncoder().encode(config.jwtSecret) },
    { logger: false },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const hello = Fastify({ logger: false });
  hello.get('/hello', async () => ({ hello: 'world' }));
  await hello.listen({ host: '127.0.0.1', port: 0 });
  const appPort = (app.server.address() as AddressInfo).port;
  const helloPort = (hello.server.address() as AddressInfo).port;

  try {
    const { rows: size } = await db.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM chefs)::int AS restaurants, (SELECT count(*) FROM menus)::int AS menus,
              (SELECT count(*) FROM menu_items)::int AS menu_items, (SELECT count(*) FROM presets)::int AS presets,
              (SELECT count(*) FROM preset_items)::int AS preset_items`,
    );
    const { rows: version } = await db.query<{ v: string }>('SELECT current_setting(\'server_version\') AS v');
    console.log(`catalogue: ${JSON.stringify(size[0])}; PostgreSQL ${version[0]!.v}`);

    console.log('EXPLAIN (ANALYZE) of every statement the search endpoints run...');
    const plans = await explainAll(app, db);
    const scans = plans.filter((p) => p.seq_scans_of_large_tables.length);
    console.log(`  ${plans.length} statements, ${scans.length} with a sequential scan of ${LARGE_TABLES.join('/')}`);
    for (const s of scans) console.log(`  SEQ SCAN (${s.seq_scans_of_large_tables.join(', ')}) in ${s.endpoint}: ${s.sql}`);

    console.log(`load: ${REQUESTS} requests per endpoint after ${WARMUP} warm-up, ${CONCURRENCY} concurrent clients, keep-alive, loopback`);
    const helloRow = await measure('bare Fastify hello', helloPort, () => '/hello');
    const rows = [];
    for (const [name, make] of Object.entries(endpoints)) {
      // BENCH_ONLY=<regex> measures only the matching endpoints (while tuning one of them)
      if (process.env.BENCH_ONLY && !new RegExp(process.env.BENCH_ONLY).test(name)) continue;
      rows.push(await measure(name, appPort, make));
    }
    const withRatio = rows.map((r) => ({ ...r, ratio_to_hello: r2(r.req_per_s / helloRow.req_per_s), meets_target: r.p95_ms < TARGET_P95_MS && !r.errors.length }));
    const passed = withRatio.every((r) => r.meets_target) && !scans.length;

    const date = new Date().toISOString().slice(0, 10);
    const result = {
      date: new Date().toISOString(),
      target: { p95_ms_below: TARGET_P95_MS, concurrency: CONCURRENCY, no_seq_scan_of: LARGE_TABLES },
      passed,
      machine: { cpus: os.cpus().length, node: process.version, postgres: version[0]!.v, load_average_at_end: os.loadavg().map(r2) },
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
      `Catalogue: ${Object.entries(size[0]!).map(([k, v]) => `${v.toLocaleString('en-US')} ${k.replace('_', ' ')}`).join(', ')}. PostgreSQL ${version[0]!.v}, Node ${process.version}, ${result.machine.cpus} CPUs (server, database and load generator share them).`,
      `Load: ${REQUESTS} requests per endpoint after ${WARMUP} warm-up requests, HTTP keep-alive on 127.0.0.1.`,
      '',
      `Machine load average (1 min) during the runs: ${[helloRow, ...withRatio].map((r) => r.load_average_1m).join(', ')} (2 cores: above 2 means other programs competed for the CPU and latencies grow with it).`,
      '',
      '| endpoint | p50 ms | p95 ms | p99 ms | req/s | x hello | CPU ms/req (Node + PostgreSQL) | target |',
      '|---|---:|---:|---:|---:|---:|---:|---|',
      `| bare Fastify hello | ${helloRow.p50_ms} | ${helloRow.p95_ms} | ${helloRow.p99_ms} | ${helloRow.req_per_s} | 1.00 | ${helloRow.node_cpu_ms_per_req} + ${helloRow.postgres_cpu_ms_per_req} | |`,
      ...withRatio.map((r) => `| ${r.endpoint} | ${r.p50_ms} | ${r.p95_ms} | ${r.p99_ms} | ${r.req_per_s} | ${r.ratio_to_hello.toFixed(2)} | ${r.node_cpu_ms_per_req} + ${r.postgres_cpu_ms_per_req} | ${r.meets_target ? 'ok' : 'MISSED'} |`),
      '',
      `EXPLAIN (ANALYZE): ${plans.length} statements, ${scans.length} with a sequential scan of a large table.`,
      '',
      '| endpoint | ms | indexes | seq scan |',
      '|---|---:|---|---|',
      ...plans.map((p) => `| ${p.endpoint} | ${p.execution_ms} | ${p.indexes.join(', ') || '-'} | ${p.seq_scans_of_large_tables.join(', ') || 'none'} |`),
      '',
    ].join('\n');
    fs.writeFileSync(path.join(resultsDir, 'search-latest.md'), md);
    console.log(`\n${md}`);
    console.log(`written: bench/results/search-${date}.json, bench/results/search-latest.md`);
    if (!passed) process.exitCode = 1;
  } finally {
    await app.close();
    await hello.close();
    await db.end();
  }
}

await main();
