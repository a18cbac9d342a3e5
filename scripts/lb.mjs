#!/usr/bin/env node
// A small round-robin HTTP load balancer for running several API processes on one machine
// (browser journeys in the cluster topology, scripts/e2e-server.mjs; docs/operations.md).
// Each request goes to the next backend in turn; a backend that refuses the connection is
// skipped for that request. It appends the client's address to X-Forwarded-For and sets
// X-Forwarded-Proto and X-Forwarded-Host, as nginx or a cloud balancer would: the APIs must
// name this balancer in TRUST_PROXY (e.g. 127.0.0.1) to believe them.
//
//   node scripts/lb.mjs --port 3000 --backend 127.0.0.1:3001 --backend 127.0.0.1:3002 [--host localhost]
//
// Also usable as a module: startBalancer({ port, host, backends }) answers { server, close() }.
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

/** A request target without its query string or fragment. */
export const pathOnly = (url = '/') => url.split(/[?#]/, 1)[0];

export function startBalancer({ port, host = 'localhost', backends, log = () => {} }) {
  if (!backends.length) throw new Error('lb: at least one --backend host:port');
  const targets = backends.map((b) => {
    const [h, p] = b.split(':');
    return { host: h, port: Number(p) };
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;

  function forward(req, res, attempt) {
    const target = targets[next++ % targets.length];
    const headers = { ...req.headers };
    for (const h of HOP_BY_HOP) delete headers[h];
    const peer = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${peer}` : peer;
    headers['x-forwarded-proto'] = 'http';
    if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
    const upstream = http.request(
      { host: target.host, port: target.port, method: req.method, path: req.url, headers, agent },
      (up) => {
        const out = { ...up.headers };
        for (const h of HOP_BY_HOP) delete out[h];
        // which backend answered (tests check that a burst spread over every process)
        out['x-served-by'] = `${target.host}:${target.port}`;
        res.writeHead(up.statusCode ?? 502, out);
        up.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      // nothing sent yet and the body not consumed (GET/HEAD): try the next backend once per backend
      const replayable = req.method === 'GET' || req.method === 'HEAD';
      if (!res.headersSent && replayable && attempt + 1 < targets.length && err.code === 'ECONNREFUSED') {
        forward(req, res, attempt + 1);
        return;
      }
      // the path only: a query string may carry a link's secret (docs/decisions/030)
      log(`lb: ${req.method} ${pathOnly(req.url)} -> ${target.host}:${target.port}: ${err.message}`);
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'Bad gateway' }));
      } else {
        res.destroy();
      }
    });
    req.pipe(upstream);
  }

  const server = http.createServer((req, res) => forward(req, res, 0));
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        server,
        close: () =>
          new Promise((done) => {
            agent.destroy();
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      }),
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const backends = [];
  let port = 3000;
  let host = 'localhost';
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--backend') backends.push(args[++i]);
    else if (args[i] === '--port') port = Number(args[++i]);
    else if (args[i] === '--host') host = args[++i];
  }
  const lb = await startBalancer({ port, host, backends, log: (m) => console.error(m) });
  console.log(`lb: http://${host}:${port} -> ${backends.join(', ')}`);
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => lb.close().then(() => process.exit(0)));
}
