// Node CPU time per catalogue read, one request at a time: the figure that hardly moves with the
// machine's load, unlike latency.
//   npm run bench:catalogue-cpu                      # BENCH_DATABASE_URL, default caterway_bench (read only)
//   CPU_REQUESTS=400 npm run bench:catalogue-cpu     # requests per endpoint (default 300; 1,500 over HTTP)
//   CPU_HTTP=1 npm run bench:catalogue-cpu           # over a real socket (keep-alive, CPU_IN_FLIGHT, default 1)
//   CPU_ONLY=detail npm run bench:catalogue-cpu      # only the endpoints whose name matches
//   node --cpu-prof --import tsx bench/catalogue-cpu.ts   # a profile of the main thread (the server)
// Through app.inject (the default) there are no sockets. Over HTTP the load generator's thread
// (bench/lib/load.ts) sends the requests, so the figures are the server's thread alone (its
// /proc schedstat: the socket writes of 8 KB bodies included) and the whole process (server,
// client thread and GC threads: process.cpuUsage).
// The database must hold the bench catalogue already (`npm run bench -- --server` fills it).
import fs from 'node:fs';
import os from 'node:os';
import type { InjectOptions } from 'fastify';
import { createPool } from '../apps/api/src/db/pool.js';
import { runLoad, statusCounts, type RequestSpec } from './lib/load.js';
import { benchConfig, startServers, assertLoopback } from './lib/setup.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/caterway_bench';
const overHttp = process.env.CPU_HTTP === '1';
const N = Number(process.env.CPU_REQUESTS ?? (overHttp ? 1500 : 300));
const inFlight = Number(process.env.CPU_IN_FLIGHT ?? 1);
const only = process.env.CPU_ONLY ? new RegExp(process.env.CPU_ONLY) : undefined;
assertLoopback(url);
const db = createPool(url, { max: 10 });
const servers = await startServers(db, benchConfig(url, 10), 0);
const app = servers.app;

/** CPU time of this process's main thread (the server's event loop), ns precision */
const mainThreadMs = () =>
  Number(fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

type Request = {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  port?: number;
};

try {
  const { rows: presets } = await db.query<{ id: string }>(
    "SELECT id FROM presets WHERE is_active AND preset_type = 'catering' ORDER BY id LIMIT 50",
  );
  const { rows: chefs } = await db.query<{ slug: string; id: string; latitude: number; longitude: number }>(
    "SELECT c.slug, c.id, c.latitude, c.longitude FROM chefs c WHERE EXISTS (SELECT 1 FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id WHERE pc.chef_id = c.id AND p.preset_type = 'restaurant' AND p.is_active) ORDER BY c.id LIMIT 50",
  );
  const gzip = { 'accept-encoding': 'gzip, deflate, br' };
  const kinds: Record<string, (i: number) => Request> = {
    ...(overHttp ? { 'GET /hello (bare Fastify)': () => ({ path: '/hello', port: servers.helloPort }) } : {}),
    'GET /api/health': () => ({ path: '/api/health' }),
    'preset detail (id)': (i) => ({ path: `/api/v2/presets/${presets[i % presets.length]!.id}` }),
    'preset detail (id, gzip)': (i) => ({ path: `/api/v2/presets/${presets[i % presets.length]!.id}`, headers: gzip }),
    'restaurant page (chef slug)': (i) => ({
      path: `/api/v2/presets/${encodeURIComponent(chefs[i % chefs.length]!.slug)}`,
    }),
    'delivery fee': (i) => {
      const c = chefs[i % chefs.length]!;
      return {
        method: 'POST',
        path: '/api/v2/delivery_fee_by_distance',
        body: { chef_id: Number(c.id), user_lat: c.latitude + 0.01, user_lng: c.longitude },
      };
    },
    system_vars: () => ({ path: '/api/v2/system_vars' }),
  };
  const toInject = (r: Request): InjectOptions => ({
    method: r.method ?? 'GET',
    url: r.path,
    headers: r.headers,
    payload: r.body as InjectOptions['payload'],
  });

  /** n requests through app.inject, one at a time; the bytes of the answers */
  async function injectAll(make: (i: number) => Request, from: number, n: number, name: string): Promise<number> {
    let bytes = 0;
    for (let i = from; i < from + n; i++) {
      const res = await app.inject(toInject(make(i)));
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      bytes += res.rawPayload.length;
    }
    return bytes;
  }
  /** n requests over keep-alive sockets from the load generator's thread */
  async function httpAll(make: (i: number) => Request, from: number, n: number, name: string): Promise<void> {
    const first = make(from);
    const port = first.port ?? servers.appPort;
    const requests: RequestSpec[] = Array.from({ length: n }, (_, k) => {
      const { port: _port, ...spec } = make(from + k);
      return spec;
    });
    const result = await runLoad({ port, requests, concurrency: inFlight });
    const counts = statusCounts(result.statuses);
    if (counts['200'] !== n) throw new Error(`${name}: ${JSON.stringify(counts)} ${result.errors.join('; ')}`);
  }

  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${N} requests each, ${overHttp ? `over HTTP, ${inFlight} in flight` : 'sequential, app.inject'}`,
  );
  for (const [name, make] of Object.entries(kinds)) {
    if (only && !only.test(name)) continue;
    if (overHttp)
      await httpAll(make, 0, 200, name); // warm-up (JIT, sockets, and the caches)
    else await injectAll(make, 0, 60, name);
    const cpu0 = process.cpuUsage();
    const main0 = mainThreadMs();
    const t0 = performance.now();
    let bytes = 0;
    if (overHttp) await httpAll(make, 0, N, name);
    else bytes = await injectAll(make, 0, N, name);
    const wall = performance.now() - t0;
    const main = mainThreadMs() - main0;
    const cpu = process.cpuUsage(cpu0);
    const all = (cpu.user + cpu.system) / 1000 / N;
    console.log(
      overHttp
        ? `${name.padEnd(30)} server thread ${(main / N).toFixed(3)} ms/req   process ${all.toFixed(3)} ms/req   wall ${(wall / N).toFixed(2)} ms/req`
        : `${name.padEnd(30)} cpu ${all.toFixed(2)} ms/req   wall ${(wall / N).toFixed(2)} ms/req   ${Math.round(bytes / N)} B`,
    );
  }
} finally {
  await servers.close();
  await db.end();
}
