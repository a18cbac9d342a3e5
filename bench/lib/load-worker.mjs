// The load generator's thread (load.ts): its own event loop and keep-alive connections (one per
// client, raw-http.mjs), so the client's work does not queue behind the server's on the main
// thread. Plain JS: it runs without a TypeScript loader. Loopback only; every run is bounded by
// a request count and a time limit.
import { parentPort, workerData } from 'node:worker_threads';
import { createRawConnection } from './raw-http.mjs';

const { port, requests, concurrency, ratePerSecond, maxSeconds, collect, thinkMs } = workerData;

/** One request on a keep-alive connection (raw-http.mjs), timed from the call (a first request includes the connect). */
async function once(connection, spec) {
  const t0 = process.hrtime.bigint();
  const res = await connection.request(spec);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  return {
    ms,
    status: res.status,
    text: collect || res.status >= 500 || res.status === 0 ? res.body.toString('utf8') : '',
  };
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
    if ((r.status >= 500 || r.status === 0) && errors.length < 20)
      errors.push(`${r.status} ${requests[i].method ?? 'GET'} ${requests[i].path}: ${r.text.slice(0, 200)}`);
  };
  if (ratePerSecond) {
    // open loop: request i starts at t0 + i / rate whether or not earlier ones have answered
    // (at most `concurrency` in flight: a server that falls behind is not buried deeper)
    let inFlight = 0;
    const pending = [];
    // at most `concurrency` connections, each carrying one request at a time
    const idle = [];
    const connections = [];
    const take = () => idle.pop() ?? connections[connections.push(createRawConnection(port)) - 1];
    for (let i = 0; i < n; i++) {
      const due = t0 + (i * 1000) / ratePerSecond;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      if (performance.now() > deadline) break;
      while (inFlight >= concurrency) await sleep(1);
      inFlight++;
      sent++;
      const connection = take();
      pending.push(
        once(connection, requests[i]).then((r) => {
          inFlight--;
          idle.push(connection);
          record(i, r);
        }),
      );
    }
    await Promise.all(pending);
    for (const c of connections) c.close();
  } else {
    // closed loop: `concurrency` clients, each sends its next request when the last one answered
    // (and, with thinkMs, after that pause: a person reading the page; clients start staggered)
    await Promise.all(
      Array.from({ length: concurrency }, async (_, c) => {
        const connection = createRawConnection(port);
        if (thinkMs) await sleep((thinkMs * c) / concurrency);
        while (next < n && performance.now() < deadline) {
          const i = next++;
          sent++;
          record(i, await once(connection, requests[i]));
          if (thinkMs) await sleep(thinkMs);
        }
        connection.close();
      }),
    );
  }
  const seconds = (performance.now() - t0) / 1000;
  parentPort.postMessage({ latencies, statuses, bodies, seconds, sent, errors });
})().catch((e) => parentPort.postMessage({ error: String((e && e.stack) || e) }));
