// Node CPU time per catalogue read, one request at a time through app.inject (no sockets, no
// load generator): the figure that hardly moves with the machine's load, unlike latency.
//   npm run bench:catalogue-cpu                      # BENCH_DATABASE_URL, default caterway_bench (read only)
//   CPU_REQUESTS=400 npm run bench:catalogue-cpu     # requests per endpoint (default 300)
// The database must hold the bench catalogue already (`npm run bench -- --server` fills it).
import os from 'node:os';
import type { InjectOptions } from 'fastify';
import { createPool } from '../apps/api/src/db/pool.js';
import { benchConfig, startServers, assertLoopback } from './lib/setup.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/caterway_bench';
const N = Number(process.env.CPU_REQUESTS ?? 300);
assertLoopback(url);
const db = createPool(url, { max: 10 });
const servers = await startServers(db, benchConfig(url, 10), 0);
const app = servers.app;
try {
  const { rows: presets } = await db.query<{ id: string }>("SELECT id FROM presets WHERE is_active AND preset_type = 'catering' ORDER BY id LIMIT 50");
  const { rows: chefs } = await db.query<{ slug: string; id: string; latitude: number; longitude: number }>(
    "SELECT c.slug, c.id, c.latitude, c.longitude FROM chefs c WHERE EXISTS (SELECT 1 FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id WHERE pc.chef_id = c.id AND p.preset_type = 'restaurant' AND p.is_active) ORDER BY c.id LIMIT 50",
  );
  const gzip = { 'accept-encoding': 'gzip, deflate, br' };
  const kinds: Record<string, (i: number) => InjectOptions> = {
    'GET /api/health': () => ({ url: '/api/health' }),
    'preset detail (id)': (i) => ({ url: `/api/v2/presets/${presets[i % presets.length]!.id}` }),
    'preset detail (id, gzip)': (i) => ({ url: `/api/v2/presets/${presets[i % presets.length]!.id}`, headers: gzip }),
    'restaurant page (chef slug)': (i) => ({ url: `/api/v2/presets/${encodeURIComponent(chefs[i % chefs.length]!.slug)}` }),
    'delivery fee': (i) => {
      const c = chefs[i % chefs.length]!;
      return { method: 'POST', url: '/api/v2/delivery_fee_by_distance', payload: { chef_id: Number(c.id), user_lat: c.latitude + 0.01, user_lng: c.longitude } };
    },
    system_vars: () => ({ url: '/api/v2/system_vars' }),
  };
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ${N} requests each, sequential`);
  for (const [name, make] of Object.entries(kinds)) {
    for (let i = 0; i < 60; i++) await app.inject(make(i)); // warm-up (JIT, and caches when any)
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    let bytes = 0;
    for (let i = 0; i < N; i++) {
      const res = await app.inject(make(i));
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      bytes += res.rawPayload.length;
    }
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    console.log(`${name.padEnd(30)} cpu ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms/req   wall ${(wall / N).toFixed(2)} ms/req   ${Math.round(bytes / N)} B`);
  }
} finally {
  await servers.close();
  await db.end();
}
