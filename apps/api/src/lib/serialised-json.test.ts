import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesEtag, prepareJson, sendPreparedJson, sendSerialisedJson } from './serialised-json.js';

// ~8 KB like a preset detail, so compress's threshold (1 KB) is passed
const json = JSON.stringify({
  preset: {
    name: 'Crème brûlée for 20',
    items: Array.from({ length: 80 }, (_, i) => ({ id: i, name: `Dish ${i}`, price_cents: 1000 + i })),
  },
});
const small = JSON.stringify({ preset_cuisine_type: [] });

function decoded(res: LightMyRequestResponse): string {
  const coding = res.headers['content-encoding'];
  const raw = res.rawPayload;
  if (coding === 'br') return zlib.brotliDecompressSync(raw).toString('utf8');
  if (coding === 'gzip') return zlib.gunzipSync(raw).toString('utf8');
  if (coding === 'deflate') return zlib.inflateSync(raw).toString('utf8');
  return raw.toString('utf8');
}

const without = (headers: Record<string, unknown>, ...names: string[]) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !names.includes(k)));

describe('prepared JSON answers', () => {
  let app: FastifyInstance;
  const prepared = prepareJson(json);
  const preparedSmall = prepareJson(small);

  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(compress, { threshold: 1024 }); // as app.ts
    app.get('/string', async (_request, reply) => sendSerialisedJson(reply, json));
    app.get('/prepared', async (request, reply) => sendPreparedJson(request, reply, prepared));
    app.get('/string-small', async (_request, reply) => sendSerialisedJson(reply, small));
    app.get('/prepared-small', async (request, reply) => sendPreparedJson(request, reply, preparedSmall));
  });
  afterAll(() => app.close());

  it('keeps the bytes of the text and a weak ETag of them', () => {
    expect(prepared.body.toString('utf8')).toBe(json);
    expect(prepared.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(prepareJson(json).etag).toBe(prepared.etag);
    expect(prepareJson(small).etag).not.toBe(prepared.etag);
  });

  it.each([
    undefined,
    'identity',
    'gzip',
    'br',
    'gzip, deflate, br',
    'br;q=0.5, gzip',
    'deflate',
    'x-gzip',
    '*',
    'compress',
  ])('accept-encoding %s: the answer compress gives to the same text, plus the ETag', async (acceptEncoding) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    for (const [a, b] of [
      ['/string', '/prepared'],
      ['/string-small', '/prepared-small'],
    ] as const) {
      const before = await app.inject({ url: a, headers });
      const after = await app.inject({ url: b, headers });
      expect(after.statusCode).toBe(before.statusCode);
      expect(decoded(after)).toBe(decoded(before));
      // the compressed bytes may differ (brotli made once at a higher quality), so their length too
      expect(without(after.headers, 'etag', 'content-length', 'date')).toEqual(
        without(before.headers, 'content-length', 'date'),
      );
      expect(after.headers.etag).toBe(b === '/prepared' ? prepared.etag : preparedSmall.etag);
      expect(Number(after.headers['content-length'])).toBe(after.rawPayload.length);
    }
    const big = await app.inject({ url: '/prepared', headers });
    const chosen: Record<string, string> = {
      gzip: 'gzip',
      br: 'br',
      'gzip, deflate, br': 'br',
      'br;q=0.5, gzip': 'gzip',
      deflate: 'deflate',
      'x-gzip': 'gzip',
      '*': 'gzip',
    };
    expect(big.headers['content-encoding']).toBe(chosen[acceptEncoding ?? '']);
  });

  it('compresses once per coding', async () => {
    const fresh = prepareJson(json);
    const local = Fastify({ logger: false });
    await local.register(compress, { threshold: 1024 });
    local.get('/', async (request, reply) => sendPreparedJson(request, reply, fresh));
    await local.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    const br = fresh.encoded.br;
    expect(br).toBeInstanceOf(Buffer);
    expect(fresh.encoded.gzip).toBeUndefined();
    await local.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(fresh.encoded.br).toBe(br);
    await local.close();
  });

  it('answers 304 without a body when If-None-Match names the answer', async () => {
    for (const inm of [prepared.etag, prepared.etag.slice(2), `"other", ${prepared.etag}`, '*']) {
      const res = await app.inject({ url: '/prepared', headers: { 'if-none-match': inm, 'accept-encoding': 'gzip' } });
      expect(res.statusCode, inm).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(prepared.etag);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBeUndefined();
    }
    const other = await app.inject({ url: '/prepared', headers: { 'if-none-match': 'W/"something-else"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(json);
  });

  it('compares entity tags weakly', () => {
    expect(matchesEtag(undefined, 'W/"a"')).toBe(false);
    expect(matchesEtag('', 'W/"a"')).toBe(false);
    expect(matchesEtag('"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('W/"b" , W/"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('"ab"', 'W/"a"')).toBe(false);
  });
});
