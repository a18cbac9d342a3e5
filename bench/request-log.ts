// What the request log costs a hello route's throughput (issue 18). Two servers run at once, each
// in a process of its own, both pinned to the same core (taskset -c 0): one with the app's logging
// (apps/api/src/plugins/request-log.ts: its options, request ids and access line, written to a
// file as stdout piped to a collector would be), one with none. Two wrk processes on the other
// core keep both saturated, so the core's time is shared between them and each one's req/s is
// in inverse proportion to its CPU a request; the log's cost is 1 - (its req/s / the other's),
// with everything the log does (the line, the writes on libuv's threads, the garbage) counted.
// Measured side by side, the host's drifts (this machine's speed swings by a third between runs
// taken apart) touch both alike: two servers without a log measure within ±4% of each other in
// one pair, -0.4% in the median. Bounded: REQUEST_LOG_ROUNDS pairs of processes (default 3),
// each measured REQUEST_LOG_SAMPLES times (default 3) for REQUEST_LOG_SECONDS (default 3) after 2 s
// of warm-up; loopback only. REQUEST_LOG_MODE=summary measures production's access log
// (ACCESS_LOG=summary, decision 063) instead of a line a request. REQUEST_LOG_DEST writes the log elsewhere (/dev/null leaves out
// the file system's share). Needs wrk and taskset (apt-get install wrk util-linux) and 2 cores.
//   npm run bench:request-log
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROUNDS = Number(process.env.REQUEST_LOG_ROUNDS ?? 3);
const SAMPLES = Number(process.env.REQUEST_LOG_SAMPLES ?? 3);
const SECONDS = Number(process.env.REQUEST_LOG_SECONDS ?? 3);
const CONNECTIONS = 20;
const server = fileURLToPath(new URL('./request-log-server.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/tsx/dist/esm/index.mjs', import.meta.url));
const run = promisify(execFile);

for (const tool of ['wrk', 'taskset']) {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
  } catch {
    console.error(`bench:request-log needs ${tool} (Debian: apt-get install wrk util-linux)`);
    process.exit(2);
  }
}
if (os.availableParallelism() < 2) {
  console.error('bench:request-log needs 2 cores: one for the servers, one for wrk');
  process.exit(2);
}

type Variant = 'none' | 'log';
interface Server {
  child: ChildProcess;
  port: number;
}

const logFile = path.join(os.tmpdir(), `caterway-request-log-${process.pid}.log`);

/** A server process on core 0 (node with tsx's loader, so the one process is the server). */
async function start(variant: Variant): Promise<Server> {
  const child = spawn('taskset', ['-c', '0', process.execPath, '--import', tsx, server], {
    env: { ...process.env, REQUEST_LOG_VARIANT: variant, REQUEST_LOG_FILE: logFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /ready (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the ${variant} server exited (${code}) before it was ready`)));
  });
  return { child, port };
}

async function stop(s: Server): Promise<void> {
  const exited = new Promise((resolve) => s.child.once('exit', resolve));
  s.child.kill('SIGINT');
  await exited;
}

/** wrk on core 1 against each server at once; the req/s and requests of each. */
async function loadBoth(servers: Server[], seconds: number) {
  const reports = await Promise.all(
    servers.map((s) =>
      run('taskset', [
        '-c',
        '1',
        'wrk',
        '-t1',
        `-c${CONNECTIONS}`,
        `-d${seconds}s`,
        `http://127.0.0.1:${s.port}/hello`,
      ]),
    ),
  );
  return reports.map(({ stdout }) => {
    const reqPerS = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
    const requests = Number(/(\d+) requests in/.exec(stdout)?.[1]);
    if (!reqPerS || stdout.includes('Non-2xx') || stdout.includes('Socket errors'))
      throw new Error(`wrk did not measure the route:\n${stdout}`);
    return { reqPerS, requests };
  });
}

const none: number[] = [];
const log: number[] = [];
const losses: number[] = [];
let logBytes = 0;
let logRequests = 0;
fs.rmSync(logFile, { force: true });
for (let round = 1; round <= ROUNDS; round++) {
  const servers = [await start('none'), await start('log')];
  try {
    await loadBoth(servers, 2);
    for (let sample = 1; sample <= SAMPLES; sample++) {
      const size0 = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
      const [a, b] = await loadBoth(servers, SECONDS);
      // the log reaches the file within a second (decision 046)
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      logBytes += fs.existsSync(logFile) ? fs.statSync(logFile).size - size0 : 0;
      logRequests += b!.requests;
      none.push(a!.reqPerS);
      log.push(b!.reqPerS);
      losses.push(1 - b!.reqPerS / a!.reqPerS);
      console.log(
        `round ${round}.${sample}: no logger ${Math.round(a!.reqPerS)} req/s, app log ${Math.round(b!.reqPerS)} req/s ` +
          `(half a core each): the log's cost ${(100 * losses.at(-1)!).toFixed(1)}%`,
      );
    }
  } finally {
    for (const s of servers) await stop(s);
  }
}
fs.rmSync(logFile, { force: true });
const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
console.log(
  `access log ${process.env.REQUEST_LOG_MODE === 'summary' ? 'summary (production)' : 'all (a line a request)'}: ` +
    `median of ${losses.length} samples (${SECONDS} s, ${CONNECTIONS} connections each, both servers on one core): ` +
    `no logger ${Math.round(median(none))} req/s, app log ${Math.round(median(log))} req/s, ` +
    `${Math.round(logBytes / logRequests)} B of log a request; throughput lost to the log: ${(100 * median(losses)).toFixed(1)}% ` +
    `(least ${(100 * Math.min(...losses)).toFixed(1)}%, most ${(100 * Math.max(...losses)).toFixed(1)}%)`,
);
