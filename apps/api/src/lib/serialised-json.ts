import crypto from 'node:crypto';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Answers whose JSON was validated and serialised earlier and kept (the catalogue read caches,
// docs/decisions/018): Fastify sends a string with a JSON content type as is, skipping the
// route's response serializer; the route keeps its response schema for the OpenAPI document.
// (Typed replies accept only their schema's objects, hence the plain reply type here.)
// The handler must return the reply it gets back: an async handler that resolves with nothing
// while the onSend hooks still run would have Fastify send an empty answer in its place.
export function sendSerialisedJson<R extends object>(reply: R, json: string): R {
  void (reply as unknown as FastifyReply).type('application/json; charset=utf-8').send(json);
  return reply;
}

/**
 * An answer that is the same bytes for everyone who gets it (a catalogue page for a visitor
 * with no address, date or favourites; the system vars): kept as bytes, with an ETag and its
 * compressed forms, made once instead of per request (decision 018, addendum).
 */
export interface PreparedJson {
  readonly body: Buffer;
  /** weak: the same for every content coding of the body */
  readonly etag: string;
  /** the compressed bodies, each made on its first use */
  readonly encoded: { br?: Buffer; gzip?: Buffer };
}

export function prepareJson(json: string): PreparedJson {
  const body = Buffer.from(json, 'utf8');
  return {
    body,
    etag: `W/"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    encoded: {},
  };
}

// The choice @fastify/compress makes (app.ts registers it with its defaults), so a browser gets
// the coding it got before; a coding kept here is sent as is (compress leaves an answer with a
// Content-Encoding alone), any other (deflate, zstd) is still compressed by compress per request.
const CODINGS = [
  ...(typeof (zlib as { createZstdCompress?: unknown }).createZstdCompress === 'function' ? ['zstd'] : []),
  'br',
  'gzip',
  'deflate',
  'identity',
];
const GZIP_ALIASES = /\*|x-gzip/gu;
// compress uses brotli quality 4 per request; made once, 6 gives ~7% fewer bytes for the same CPU
const BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const COMPRESSIBLE_FROM = 1024; // compress's threshold

function codingOf(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = request.headers['accept-encoding'];
  if (accepted === undefined || request.headers['x-no-compression'] !== undefined) return undefined;
  const coding = negotiate(accepted.toLowerCase().replace(GZIP_ALIASES, 'gzip'), CODINGS);
  return coding === 'br' || coding === 'gzip' ? coding : undefined;
}

function encode(prepared: PreparedJson, coding: 'br' | 'gzip'): Buffer {
  return (prepared.encoded[coding] ??=
    coding === 'br' ? zlib.brotliCompressSync(prepared.body, BROTLI) : zlib.gzipSync(prepared.body));
}

/** If-None-Match with the weak comparison (RFC 9110 §13.1.2) */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === opaque;
  });
}

/**
 * Sends a prepared answer: 304 when If-None-Match names it, else its bytes, compressed as
 * @fastify/compress would choose, from the kept copy. Otherwise the same headers as
 * sendSerialisedJson's answer, plus the ETag.
 */
export function sendPreparedJson<R extends object>(request: FastifyRequest, reply: R, prepared: PreparedJson): R {
  const r = reply as unknown as FastifyReply;
  void r.type('application/json; charset=utf-8').header('etag', prepared.etag);
  const coding = prepared.body.length >= COMPRESSIBLE_FROM ? codingOf(request) : undefined;
  if (coding) void r.header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], prepared.etag)) {
    void r.code(304).removeHeader('content-type').send();
    return reply;
  }
  if (coding) void r.header('content-encoding', coding).send(encode(prepared, coding));
  else void r.send(prepared.body);
  return reply;
}
