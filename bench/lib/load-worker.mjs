// The load generator's thread (load.ts): its own event loop and keep-alive sockets, so the
// client's work does not queue behind the server's on the main thread. Plain JS: it runs
// without a TypeScript loader. Loopback only; every run is bounded by a request count and a
// time limit.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, requests, concurrency, ratePerSecond, maxSeconds, collect, thinkMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function once(spec) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const headers = { ...(spec.headers ?? {}) };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    const req = http.request({ host: '127.0.0.1', port, method: spec.method ?? 'GET', path: spec.path, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, status: res.statusCode, text: collect || res.statusCode >= 500 ? Buffer.concat(chunks).toString('utf8') : '' }),
      );
      res.on('error', (e) => resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, status: 0, text: String(e) }));
    });
    req.on('error', (e) => resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, status: 0, text: String(e) }));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

(async () => {
  const n = requests.length;
  const latencies = [];
  const statuses = new Array(n).fill(-1);
  const bodies = collect ? new Array(n).fill(null) : undefined;
  const t0 = performance.now();
  const deadline = t0 + maxSeconds * 1000;
  let next = 0;
  let sent = 0;
  const errors = [];
  const record = (i, r) => {
    latencies.push(r.ms);
    statuses[i] = r.status;
    if (bodies) bodies[i] = r.text;
    if ((r.status >= 500 || r.status === 0) && errors.length < 20) errors.push(`${r.status} ${requests[i].method ?? 'GET'} ${requests[i].path}: ${r.text.slice(0, 200)}`);
  };
  if (ratePerSecond) {
    // open loop: request i starts at t0 + i / rate whether or not earlier ones have answered
    // (at most `concurrency` in flight: a server that falls behind is not buried deeper)
    let inFlight = 0;
    const pending = [];
    for (let i = 0; i < n; i++) {
      const due = t0 + (i * 1000) / ratePerSecond;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      if (performance.now() > deadline) break;
      while (inFlight >= concurrency) await sleep(1);
      inFlight++;
      sent++;
      pending.push(once(requests[i]).then((r) => { inFlight--; record(i, r); }));
    }
    await Promise.all(pending);
  } else {
    // closed loop: `concurrency` clients, each sends its next request when the last one answered
    // (and, with thinkMs, after that pause: a person reading the page; clients start staggered)
    await Promise.all(Array.from({ length: concurrency }, async (_, c) => {
      if (thinkMs) await sleep((thinkMs * c) / concurrency);
      while (next < n && performance.now() < deadline) {
        const i = next++;
        sent++;
        record(i, await once(requests[i]));
        if (thinkMs) await sleep(thinkMs);
      }
    }));
  }
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  parentPort.postMessage({ latencies, statuses, bodies, seconds, sent, errors });
})().catch((e) => parentPort.postMessage({ error: String(e && e.stack || e) }));
