// What the request log costs: req/s of a trivial route on 127.0.0.1 with the app's logger
// (apps/api/src/plugins/request-log.ts: its options, request ids and per-request line) and with
// no logger, alternated. The log goes to a file (as stdout piped to a collector would), which is
// removed afterwards. Bounded: REQUEST_LOG_REQUESTS requests a run (default 10,000), 10 clients,
// REQUEST_LOG_ROUNDS rounds (default 5).
//   npm run bench:request-log
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { appLogging, requestIds } from '../apps/api/src/plugins/request-log.js';
import { runLoad } from './lib/load.js';

const REQUESTS = Number(process.env.REQUEST_LOG_REQUESTS ?? 10_000);
const ROUNDS = Number(process.env.REQUEST_LOG_ROUNDS ?? 5);
const CONCURRENCY = 10;
const logFile = path.join(os.tmpdir(), `caterway-request-log-${process.pid}.log`);

async function run(logging: boolean): Promise<{ reqPerS: number; logBytes: number }> {
  fs.writeFileSync(logFile, '');
  const app = Fastify({ ...appLogging('info', logging ? { dest: logFile } : false), ...requestIds });
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const requests = Array.from({ length: REQUESTS }, () => ({ path: '/hello' }));
  await runLoad({ port, requests: requests.slice(0, 2_000), concurrency: CONCURRENCY, maxSeconds: 30 });
  const r = await runLoad({ port, requests, concurrency: CONCURRENCY, maxSeconds: 60 });
  await app.close();
  const ok = r.statuses.filter((s) => s === 200).length;
  const logBytes = fs.statSync(logFile).size;
  return { reqPerS: Math.round(ok / r.seconds), logBytes };
}

const rows: string[] = [];
const off: number[] = [];
const on: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const a = await run(false);
  const b = await run(true);
  off.push(a.reqPerS);
  on.push(b.reqPerS);
  rows.push(
    `round ${round}: no logger ${a.reqPerS} req/s; app logger ${b.reqPerS} req/s (${(100 * (1 - b.reqPerS / a.reqPerS)).toFixed(1)}% less), ` +
      `${Math.round(b.logBytes / (REQUESTS + 2_000))} B of log a request`,
  );
}
fs.rmSync(logFile, { force: true });
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const [load1] = os.loadavg();
console.log(
  `load average ${load1!.toFixed(1)}; ${REQUESTS} requests a run after 2,000 of warm-up, ${CONCURRENCY} clients`,
);
for (const row of rows) console.log(row);
console.log(
  `median: no logger ${median(off)} req/s, app logger ${median(on)} req/s: logging costs ${(100 * (1 - median(on) / median(off))).toFixed(1)}%`,
);
