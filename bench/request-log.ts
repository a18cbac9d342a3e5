// What the request log costs: req/s of a trivial route on 127.0.0.1 with the app's logger
// (apps/api/src/plugins/request-log.ts: its options, request ids and per-request line) and with
// no logger, alternated: the req/s, and the CPU of the server's thread per request
// (process.threadCpuUsage; the load comes from a worker thread), which the machine's load moves
// far less than req/s. The log goes to a file (as stdout piped to a collector would), which is
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

async function run(logging: boolean): Promise<{ reqPerS: number; cpuUs: number; logBytes: number }> {
  fs.writeFileSync(logFile, '');
  const log = appLogging(process.env.REQUEST_LOG_LEVEL ?? 'info', logging ? { dest: logFile } : false);
  const app = Fastify({ ...log.options, ...requestIds });
  if (log.logger) app.log = log.logger;
  app.get('/hello', (_request, reply) => reply.send({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const requests = Array.from({ length: REQUESTS }, () => ({ path: '/hello' }));
  await runLoad({ port, requests: requests.slice(0, 2_000), concurrency: CONCURRENCY, maxSeconds: 30 });
  const cpu0 = process.threadCpuUsage();
  const r = await runLoad({ port, requests, concurrency: CONCURRENCY, maxSeconds: 60 });
  const cpu = process.threadCpuUsage(cpu0);
  await app.close();
  const ok = r.statuses.filter((s) => s === 200).length;
  const logBytes = fs.statSync(logFile).size;
  return { reqPerS: Math.round(ok / r.seconds), cpuUs: (cpu.user + cpu.system) / ok, logBytes };
}

const rows: string[] = [];
const off: number[] = [];
const on: number[] = [];
const offCpu: number[] = [];
const onCpu: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const a = await run(false);
  const b = await run(true);
  off.push(a.reqPerS);
  on.push(b.reqPerS);
  offCpu.push(a.cpuUs);
  onCpu.push(b.cpuUs);
  rows.push(
    `round ${round}: no logger ${a.reqPerS} req/s, ${a.cpuUs.toFixed(1)} µs; app logger ${b.reqPerS} req/s, ${b.cpuUs.toFixed(1)} µs, ` +
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
const cost = (without: number, withLog: number) => `${(100 * (1 - without / withLog)).toFixed(1)}%`;
// the least CPU a request took over the rounds: the round least disturbed by the machine's other work
const least = (xs: number[]) => Math.min(...xs);
console.log(
  `median: no logger ${median(off)} req/s, ${median(offCpu).toFixed(1)} µs of server CPU a request; ` +
    `app logger ${median(on)} req/s, ${median(onCpu).toFixed(1)} µs. Logging's share of the server's CPU ` +
    `(the req/s a free core loses): ${cost(median(offCpu), median(onCpu))}; of the measured req/s: ${cost(median(on), median(off))}`,
);
console.log(
  `least CPU a request: no logger ${least(offCpu).toFixed(1)} µs, app logger ${least(onCpu).toFixed(1)} µs: ` +
    `logging's share ${cost(least(offCpu), least(onCpu))}`,
);
