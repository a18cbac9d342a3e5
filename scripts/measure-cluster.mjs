#!/usr/bin/env node
// Latency and throughput of a few paths straight to one API process and through the balancer
// (docs/operations.md, "Several API processes"). Loopback only, a fixed number of requests.
//
//   node scripts/measure-cluster.mjs --direct http://127.0.0.1:3211 --lb http://localhost:3210 \
//     [--requests 2000] [--concurrency 10] [--path /api/health --path '/api/v2/search/elastic_search?q=thai']
//
// Start the cluster first (E2E_PORT=3210 node scripts/e2e-server.mjs, with a high
// RATE_LIMIT_SEARCH_PER_MINUTE so one measuring address is not limited).
import http from 'node:http';
import os from 'node:os';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const paths = args.flatMap((a, i) => (a === '--path' ? [args[i + 1]] : []));
const targets = { direct: opt('direct'), lb: opt('lb') };
const requests = Number(opt('requests', '2000'));
const concurrency = Number(opt('concurrency', '10'));
for (const [name, url] of Object.entries(targets)) {
  if (!url || !/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(url)) {
    console.error(`--${name} must be a loopback http://host:port`);
    process.exit(1);
  }
}

async function run(base, path) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const times = [];
  let next = 0;
  let errors = 0;
  const one = () =>
    new Promise((resolve) => {
      const t = performance.now();
      http
        .get(`${base}${path}`, { agent }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors++;
            times.push(performance.now() - t);
            resolve();
          });
        })
        .on('error', () => {
          errors++;
          resolve();
        });
    });
  for (let i = 0; i < Math.min(200, requests); i++) await one(); // warm-up
  times.length = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requests) await one();
    }),
  );
  const secs = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  const p = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
  return { p50: p(0.5), p95: p(0.95), p99: p(0.99), rps: Math.round(times.length / secs), errors };
}

console.log(
  `${requests} requests per row at ${concurrency} concurrent clients; load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
console.log('| path | via | p50 ms | p95 ms | p99 ms | req/s | non-200 |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const path of paths.length ? paths : ['/api/health']) {
  for (const [name, base] of Object.entries(targets)) {
    const r = await run(base, path);
    console.log(`| ${path} | ${name} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.rps} | ${r.errors} |`);
  }
}
