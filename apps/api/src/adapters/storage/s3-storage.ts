import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { S3Settings } from '../../config/env.js';
import { assertSafeStorageKey, type Storage, type StoredObject } from '../../ports/storage.js';

/** S3_* settings (config/env.ts), the key prefix optional, and how long one call may take. */
export interface S3StorageOptions extends Omit<S3Settings, 'prefix'> {
  prefix?: string;
  timeoutMs?: number;
}

export class StorageUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageUnavailableError';
  }
}

/**
 * An S3-compatible bucket through its HTTP API, signed with AWS Signature V4 (aws4fetch): PUT
 * (an object appears whole or not at all, S3's own guarantee), GET, HEAD and DELETE of one key.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
    retries: 2,
  });
  const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const prefix = options.prefix ?? '';

  const urlOf = (key: string): string => {
    assertSafeStorageKey(key);
    const path = `${prefix}${key}`.split('/').map(encodeURIComponent).join('/');
    const origin = endpoint.origin + endpoint.pathname.replace(/\/+$/, '');
    if (options.forcePathStyle) return `${origin}/${encodeURIComponent(options.bucket)}/${path}`;
    const host = `${options.bucket}.${endpoint.host}`;
    return `${endpoint.protocol}//${host}${endpoint.pathname.replace(/\/+$/, '')}/${path}`;
  };

  const send = async (method: string, key: string, init: RequestInit = {}): Promise<Response> => {
    try {
      return await client.fetch(urlOf(key), { ...init, method, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      if (err instanceof Error && err.name === 'UnsafeStorageKeyError') throw err;
      throw new StorageUnavailableError(`S3 ${method} ${key}: ${(err as Error).message}`);
    }
  };
  const failed = async (method: string, key: string, res: Response): Promise<never> => {
    const text = await res.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? res.statusText;
    throw new StorageUnavailableError(`S3 ${method} ${key}: ${res.status} ${code}`);
  };

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const res = await send('PUT', key, {
        body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
        headers: { 'content-type': contentType, 'content-length': String(body.byteLength) },
      });
      if (!res.ok) await failed('PUT', key, res);
      await res.body?.cancel();
    },
    async get(key): Promise<StoredObject | null> {
      const res = await send('GET', key);
      if (res.status === 404) {
        // a missing key is no object; a missing bucket is a configuration fault
        const text = await res.text().catch(() => '');
        if (/<Code>NoSuchBucket<\/Code>/.test(text)) throw new StorageUnavailableError(`S3 GET ${key}: NoSuchBucket`);
        return null;
      }
      if (!res.ok || !res.body) return failed('GET', key, res);
      return {
        body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
        contentLength: Number(res.headers.get('content-length') ?? 0),
        etag: res.headers.get('etag') ?? '',
      };
    },
    async delete(key) {
      const res = await send('DELETE', key);
      // S3 answers 204 whether or not the key existed
      if (!res.ok && res.status !== 404) await failed('DELETE', key, res);
      await res.body?.cancel();
    },
    async exists(key) {
      const res = await send('HEAD', key);
      await res.body?.cancel();
      if (res.status === 404) return false;
      if (!res.ok) return failed('HEAD', key, res);
      return true;
    },
  };
}
