import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module of the load generator's thread (no types)
import { createRawConnection } from './raw-http.mjs';

// The load generator's HTTP/1.1 client against node's own server: the framings the app answers
// with (Content-Length, chunked, no body), a request body and headers, and a server closing.

interface Answer {
  status: number;
  body: Buffer;
}
let server: http.Server;
let port: number;
let closes = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url === '/length')
        return res.writeHead(200, { 'content-type': 'application/json', 'content-length': 11 }).end('{"ok":true}');
      if (req.url === '/chunked') {
        res.writeHead(201, { 'content-type': 'text/plain' });
        res.write('x'.repeat(70_000));
        setTimeout(() => res.end('tail'), 5);
        return;
      }
      if (req.url === '/not-modified') return res.writeHead(304).end();
      if (req.url === '/echo')
        return res.writeHead(200).end(
          JSON.stringify({
            method: req.method,
            body: JSON.parse(body),
            key: req.headers['idempotency-key'],
            type: req.headers['content-type'],
          }),
        );
      if (req.url === '/close') {
        closes++;
        return res.writeHead(503, { connection: 'close' }).end('bye');
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('raw HTTP client of the load generator', () => {
  it('reads answers by length, chunked and without a body, one after another on one connection', async () => {
    const c = createRawConnection(port);
    const a: Answer = await c.request({ path: '/length' });
    expect([a.status, a.body.toString()]).toEqual([200, '{"ok":true}']);
    const b: Answer = await c.request({ path: '/chunked' });
    expect(b.status).toBe(201);
    expect(b.body.length).toBe(70_004);
    expect(b.body.toString().endsWith('xtail')).toBe(true);
    const d: Answer = await c.request({ path: '/not-modified' });
    expect([d.status, d.body.length]).toEqual([304, 0]);
    const e: Answer = await c.request({ path: '/missing' });
    expect(e.status).toBe(404);
    c.close();
  });

  it('sends a JSON body and headers', async () => {
    const c = createRawConnection(port);
    const a: Answer = await c.request({
      method: 'POST',
      path: '/echo',
      body: { n: 1, name: 'Crème brûlée' },
      headers: { 'idempotency-key': 'k-1' },
    });
    expect(JSON.parse(a.body.toString())).toEqual({
      method: 'POST',
      body: { n: 1, name: 'Crème brûlée' },
      key: 'k-1',
      type: 'application/json',
    });
    c.close();
  });

  it('reconnects after the server closes the connection, and reports a refused connection as status 0', async () => {
    const c = createRawConnection(port);
    expect((await c.request({ path: '/close' })).status).toBe(503);
    expect((await c.request({ path: '/length' })).status).toBe(200);
    expect(closes).toBe(1);
    c.close();
    const refused = createRawConnection(1); // nothing listens on port 1
    const r: Answer = await refused.request({ path: '/' });
    expect(r.status).toBe(0);
    expect(r.body.toString()).toMatch(/ECONNREFUSED/);
  });
});
