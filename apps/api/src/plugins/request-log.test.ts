import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { appLogging, readFamily, requestIds } from './request-log.js';

/** A stream that parses each JSON line written to it. */
function jsonLines(onLine: (line: Record<string, unknown>) => void): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) onLine(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
}

// The per-request logger is made only when a request logs (LazyRequestLogger): what a handler
// logs still carries the request's id and respects the level; the one line a request stays.
describe('the per-request logger', () => {
  let lines: Array<Record<string, unknown>> = [];
  const stream = jsonLines((line) => lines.push(line));
  afterEach(() => {
    lines = [];
  });

  /** A listening app: the access line is the HTTP server's, so requests go over the network. */
  async function app(level: string) {
    const logging = appLogging(level, { stream });
    const server = Fastify({ ...logging.options, ...requestIds });
    logging.attach(server);
    server.get('/quiet', () => ({ ok: true }));
    server.get('/chatty', (request) => {
      request.log.debug('not at info');
      request.log.info({ step: 1 }, 'handler says hello');
      request.log.child({ part: 'inner' }).warn('from a child');
      return { ok: true };
    });
    server.get('/broken', () => {
      throw new Error('kaput');
    });
    server.get('/hang', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { ok: true };
    });
    server.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      return { ok: true };
    });
    await server.listen({ host: '127.0.0.1', port: 0 });
    lines = []; // "Server listening at ..."
    const { port } = server.server.address() as AddressInfo;
    const request = (path: string, requestId: string) =>
      fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'x-request-id': requestId } });
    return { server, request };
  }

  it('writes one line for a request that logs nothing, with its id', async () => {
    const { server, request } = await app('info');
    await request('/quiet', 'req-quiet-0001');
    await server.close();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: 'req-quiet-0001',
        msg: 'request completed',
        res: { statusCode: 200 },
      }),
    ]);
  });

  it('times a response that ends after the handler returned (an asynchronous route)', async () => {
    const { server, request } = await app('info');
    const before = Date.now();
    await request('/slow?token=s3cret&page=2', 'req-slow-00001');
    await server.close();
    expect(lines).toEqual([
      expect.objectContaining({
        reqId: 'req-slow-00001',
        req: { method: 'GET', url: '/slow?token=[REDACTED]&page=2' },
        res: { statusCode: 200 },
      }),
    ]);
    const line = lines[0]!;
    expect(line.responseTime).toBeGreaterThanOrEqual(35);
    expect(line.responseTime).toBeLessThan(2_000);
    // the time of day comes from the same clock reading as the response time, set to the wall clock
    expect(line.time).toBeGreaterThanOrEqual(before + 35);
    expect(line.time).toBeLessThanOrEqual(Date.now() + 5);
  });

  it('says so when the client went away before the response', async () => {
    const { server, request } = await app('info');
    const controller = new AbortController();
    const pending = fetch(`http://127.0.0.1:${(server.server.address() as AddressInfo).port}/hang`, {
      headers: { 'x-request-id': 'req-gone-00001' },
      signal: controller.signal,
    }).catch(() => 'aborted');
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toBe('aborted');
    await expect.poll(() => lines.length, { timeout: 2_000 }).toBe(1);
    expect(lines[0]).toMatchObject({ reqId: 'req-gone-00001', msg: 'request closed before its response' });
    // the handler's late answer writes no second line
    await new Promise((resolve) => setTimeout(resolve, 400));
    await request('/quiet', 'req-after-0001');
    await server.close();
    expect(lines.map((l) => l.reqId)).toEqual(['req-gone-00001', 'req-after-0001']);
  });

  it("keeps Fastify's settings of the HTTP server it is handed", async () => {
    const logging = appLogging('info', { stream });
    const server = Fastify({ ...logging.options, ...requestIds, keepAliveTimeout: 5_000, requestTimeout: 9_000 });
    await server.ready();
    expect(server.server.keepAliveTimeout).toBe(5_000);
    expect(server.server.requestTimeout).toBe(9_000);
    await server.close();
    expect(() => Fastify({ ...logging.options, https: {} } as never)).toThrow(/plain HTTP only/);
  });

  it("binds the request id to what a handler logs, at the logger's level", async () => {
    const { server, request } = await app('info');
    await request('/chatty', 'req-chatty-0001');
    await server.close();
    expect(lines.map((l) => l.msg)).toEqual(['handler says hello', 'from a child', 'request completed']);
    expect(lines[0]).toMatchObject({ reqId: 'req-chatty-0001', step: 1, level: 30 });
    expect(lines[1]).toMatchObject({ reqId: 'req-chatty-0001', part: 'inner', level: 40 });
  });

  it('logs a failed request at error with its error', async () => {
    const { server, request } = await app('warn');
    const res = await request('/broken', 'req-broken-001');
    await server.close();
    expect(res.status).toBe(500);
    const errors = lines.filter((l) => l.level === 50);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({ reqId: 'req-broken-001' });
    expect(lines.some((l) => l.msg === 'request completed')).toBe(false);
  });

  it('writes what a quiet server logged to its file within a second or so', async () => {
    const file = path.join(os.tmpdir(), `caterway-request-log-test-${process.pid}.log`);
    fs.writeFileSync(file, '');
    const logging = appLogging('info', { dest: file });
    const server = Fastify({ ...logging.options, ...requestIds });
    server.get('/once', () => ({ ok: true }));
    try {
      await server.listen({ host: '127.0.0.1', port: 0 });
      const { port } = server.server.address() as AddressInfo;
      await fetch(`http://127.0.0.1:${port}/once`, { headers: { 'x-request-id': 'req-once-00001' } });
      // one line is far below a batch: only the timer writes it
      await expect
        .poll(() => fs.readFileSync(file, 'utf8'), { timeout: 3_000, interval: 100 })
        .toContain('"reqId":"req-once-00001"');
    } finally {
      await server.close();
      fs.rmSync(file, { force: true });
    }
  });
});

// ACCESS_LOG=summary (production's default, docs/decisions/063): every request that can matter to
// support keeps its line; quick successful reads are counted per path family instead.
describe('the access log in summary mode', () => {
  let lines: Array<Record<string, unknown>> = [];
  const stream = jsonLines((line) => lines.push(line));
  afterEach(() => {
    lines = [];
  });

  async function app(slowMs: number) {
    const logging = appLogging('info', { stream }, { mode: 'summary', slowMs, summaryMs: 60_000 });
    const server = Fastify({ ...logging.options, ...requestIds });
    logging.attach(server);
    server.get('/api/v2/presets/:id', () => ({ ok: true }));
    server.get('/api/v2/presets/:id/missing', (_request, reply) => reply.code(404).send({ message: 'Not found' }));
    server.get('/restaurants/:slug', (_request, reply) => reply.redirect('/restaurants'));
    server.post('/api/v2/orders', () => ({ ok: true }));
    server.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 60));
      return { ok: true };
    });
    await server.listen({ host: '127.0.0.1', port: 0 });
    lines = [];
    const { port } = server.server.address() as AddressInfo;
    const request = (path: string, init: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${port}${path}`, { redirect: 'manual', ...init });
    return { server, request };
  }

  it('writes a line for writes, errors and slow reads, and one line a path family for the quick reads', async () => {
    const { server, request } = await app(30);
    for (const id of [1, 2, 3, 4]) await request(`/api/v2/presets/${id}?token=secret-${id}`);
    await request('/restaurants/masala-house');
    await request('/api/v2/presets/9/missing', { headers: { 'x-request-id': 'req-missing-01' } });
    await request('/api/v2/orders', { method: 'POST', headers: { 'x-request-id': 'req-order-0001' } });
    await request('/slow', { headers: { 'x-request-id': 'req-slow-00001' } });
    expect(lines).toHaveLength(3); // the counted reads wait for the period or the close
    await server.close();

    const access = lines.filter((l) => l.msg === 'request completed');
    expect(access.map((l) => [l.reqId, (l.res as { statusCode: number }).statusCode])).toEqual([
      ['req-missing-01', 404],
      ['req-order-0001', 200],
      ['req-slow-00001', 200],
    ]);
    const reads = lines.filter((l) => l.msg === 'quick reads').map((l) => l.reads as Record<string, number | string>);
    expect(reads).toEqual([
      expect.objectContaining({ path: '/api/v2/presets', count: 4, redirects: 0 }),
      expect.objectContaining({ path: '/restaurants', count: 1, redirects: 1 }),
    ]);
    for (const r of reads) {
      expect(r.p50Ms).toBeGreaterThan(0);
      expect(r.p50Ms).toBeLessThanOrEqual(r.p95Ms as number);
      expect(r.p95Ms).toBeLessThanOrEqual(r.maxMs as number);
    }
    expect(JSON.stringify(lines)).not.toContain('secret-');
  });

  it('names the family of a read by the API resource or the first segment, nothing further', () => {
    expect(readFamily('/api/v2/presets/12/availability?date=2026-12-01')).toBe('/api/v2/presets');
    expect(readFamily('/api/v2/presets?near=1')).toBe('/api/v2/presets');
    expect(readFamily('/api/v2/group/share-token-abc')).toBe('/api/v2/group');
    expect(readFamily('/g/share-token-abc')).toBe('/g');
    expect(readFamily('/assets/index-abc123.js')).toBe('/assets');
    expect(readFamily('/')).toBe('/');
    expect(readFamily('/?utm=1')).toBe('/');
    expect(readFamily('/restaurants')).toBe('/restaurants');
  });
});

describe('the log file', () => {
  it("keeps a handler's lines and the access lines in order, one JSON object a line", async () => {
    const file = path.join(os.tmpdir(), `caterway-request-log-order-${process.pid}.log`);
    fs.writeFileSync(file, '');
    const logging = appLogging('info', { dest: file });
    const server = Fastify({ ...logging.options, ...requestIds });
    logging.attach(server);
    server.get('/step/:n', (request) => {
      request.log.info({ n: Number((request.params as { n: string }).n) }, 'step');
      return { ok: true };
    });
    try {
      await server.listen({ host: '127.0.0.1', port: 0 });
      const { port } = server.server.address() as AddressInfo;
      // more requests than a batch holds (256 lines), so some blocks are written by size
      for (let n = 0; n < 150; n++) await fetch(`http://127.0.0.1:${port}/step/${n}`);
      await expect
        .poll(() => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).length, { timeout: 3_000, interval: 100 })
        .toBeGreaterThanOrEqual(301);
      const lines = fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.msg !== 'Server listening at ' + `http://127.0.0.1:${port}`);
      expect(lines).toHaveLength(300);
      for (let n = 0; n < 150; n++) {
        expect(lines[2 * n]).toMatchObject({ msg: 'step', n });
        expect(lines[2 * n + 1]).toMatchObject({
          msg: 'request completed',
          reqId: lines[2 * n]!.reqId,
          req: { url: `/step/${n}` },
        });
      }
    } finally {
      await server.close();
      fs.rmSync(file, { force: true });
    }
  });
});

describe('request ids', () => {
  it("takes the caller's X-Request-Id only when it looks like one", () => {
    const id = (value?: string) => requestIds.genReqId({ headers: { 'x-request-id': value } });
    expect(id('req-0123456789')).toBe('req-0123456789');
    expect(id('short')).toMatch(/^[0-9a-f-]{36}$/);
    expect(id('x"},"level":60,"msg":"forged')).toMatch(/^[0-9a-f-]{36}$/);
    expect(id('a'.repeat(65))).toMatch(/^[0-9a-f-]{36}$/);
    expect(id()).toMatch(/^[0-9a-f-]{36}$/);
  });
});
