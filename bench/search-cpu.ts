// Where a search request's time goes, one request at a time through app.inject (no sockets, no
// load generator): Node CPU per request (process.cpuUsage), the SQL round trips per request and
// their time as the app waits for them, and the CPU of the PostgreSQL backends (/proc, 10 ms
// ticks: an estimate). Unlike latency under load, these hardly move with the machine's load.
//   npm run bench:search-cpu                          # BENCH_DATABASE_URL, default caterway_bench (read only)
//   CPU_REQUESTS=400 npm run bench:search-cpu         # requests per endpoint (default 300)
//   CPU_ONLY=home npm run bench:search-cpu            # only the endpoints whose name matches
//   CPU_PROFILE=.tmp/prof npm run bench:search-cpu    # also an inspector CPU profile per endpoint, and its dearest functions
//   CPU_STATEMENTS=1 npm run bench:search-cpu         # and each statement's share: times per request, ms as the app waits
// The query set is bench/lib/search.ts's (fixed seed); the database must hold the bench
// catalogue already (`npm run bench -- --server` fills it).
import fs from 'node:fs';
import { Session } from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { createPool, type Db } from '../apps/api/src/db/pool.js';
import { searchEndpoints } from './lib/search.js';
import { benchConfig, startServers, assertLoopback } from './lib/setup.js';
import { postgresCpuMs } from './lib/stats.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/caterway_bench';
const N = Number(process.env.CPU_REQUESTS ?? 300);
const WARMUP = 60;
const only = process.env.CPU_ONLY ? new RegExp(process.env.CPU_ONLY) : null;
const profileDir = process.env.CPU_PROFILE;
assertLoopback(url);
const db = createPool(url, { max: 10 });
const servers = await startServers(db, benchConfig(url, 10), 0);
const app = servers.app;

// every statement the app sends: counted, and timed from the call to its answer (per statement
// too, by the start of its text, with CPU_STATEMENTS=1)
const sql = { statements: 0, ms: 0 };
const byStatement = new Map<string, { n: number; ms: number }>();
const original = db.query.bind(db) as (...args: unknown[]) => Promise<unknown>;
(db as unknown as { query: unknown }).query = (...args: unknown[]) => {
  const t0 = performance.now();
  sql.statements++;
  const done = original(...args);
  return done.finally(() => {
    const ms = performance.now() - t0;
    sql.ms += ms;
    if (process.env.CPU_STATEMENTS) {
      const q = args[0] as string | { text: string };
      const key = (typeof q === 'string' ? q : q.text).replace(/\s+/g, ' ').trim().slice(0, 150);
      const s = byStatement.get(key) ?? { n: 0, ms: 0 };
      s.n++;
      s.ms += ms;
      byStatement.set(key, s);
    }
  });
};

/** CPU ms used so far by the backends of this database (0 when the server is not on this machine), read unpatched. */
const postgresCpu = async () => (await postgresCpuMs({ query: original as Db['query'] })) ?? 0;

function post(session: Session, method: string, params?: object): Promise<unknown> {
  return new Promise((resolve, reject) =>
    session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))),
  );
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
/** The functions with the most self time in a profile, as "name file:line  ms". */
function dearest(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }, top = 12): string[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const f = byNode.get(id)!.callFrame;
    const where = f.url ? `${f.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${f.lineNumber + 1}` : '';
    const key = `${f.functionName || '(anonymous)'} ${where}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, ms]) => `${((ms / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
}

try {
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${N} requests per endpoint, sequential, after ${WARMUP} warm-up requests`,
  );
  console.log(
    'endpoint'.padEnd(30),
    'node cpu ms/req',
    'round trips/req',
    'sql wait ms/req',
    'pg cpu ms/req',
    'wall ms/req',
    'bytes',
  );
  // the URLs are drawn first, in the order of the query set, so every run sends the same ones
  const urls = Object.entries(searchEndpoints).map(
    ([name, make]) => [name, Array.from({ length: WARMUP + N }, make)] as const,
  );
  for (const [name, list] of urls) {
    if (only && !only.test(name)) continue;
    for (const u of list.slice(0, WARMUP)) await app.inject({ url: u }); // JIT, card caches, prepared statements
    byStatement.clear();
    const session = profileDir ? new Session() : undefined;
    if (session) {
      session.connect();
      await post(session, 'Profiler.enable');
      await post(session, 'Profiler.start');
    }
    const pg0 = await postgresCpu();
    const sql0 = { ...sql };
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    let bytes = 0;
    for (const u of list.slice(WARMUP)) {
      const res = await app.inject({ url: u });
      if (res.statusCode !== 200) throw new Error(`${u}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      bytes += res.rawPayload.length;
    }
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const statements = sql.statements - sql0.statements;
    const sqlMs = sql.ms - sql0.ms;
    const pg = (await postgresCpu()) - pg0;
    const statementLines = [...byStatement].map(
      ([k, v]) => `    ${(v.n / N).toFixed(2)}/req ${(v.ms / v.n).toFixed(2).padStart(6)} ms  ${k}`,
    );
    byStatement.clear();
    console.log(
      name.padEnd(30),
      ((cpu.user + cpu.system) / 1000 / N).toFixed(2).padStart(15),
      (statements / N).toFixed(2).padStart(15),
      (sqlMs / N).toFixed(2).padStart(15),
      (pg / N).toFixed(2).padStart(13),
      (wall / N).toFixed(2).padStart(11),
      String(Math.round(bytes / N)).padStart(6),
    );
    if (statementLines.length) console.log(statementLines.join('\n'));
    if (session) {
      const { profile } = (await post(session, 'Profiler.stop')) as {
        profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
      };
      session.disconnect();
      fs.mkdirSync(profileDir!, { recursive: true });
      const file = path.join(profileDir!, `${name.replace(/[^a-z]+/gi, '-')}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(profile));
      console.log(
        dearest(profile)
          .map((l) => `    ${l}`)
          .join('\n'),
      );
    }
  }
} finally {
  await servers.close();
  await db.end();
}
