import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.js';
import type { Storage } from '../../ports/storage.js';
import { createLocalStorage, createS3Storage, createStorage, StorageUnavailableError } from './index.js';

// One contract, both adapters (decision 054): the folder under DATA_DIR and an S3-compatible
// bucket, here s3rver (a local S3 server speaking the real HTTP API and checking SigV4
// signatures) on loopback.

async function text(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'caterway-storage-'));
let s3: S3rver;
let endpoint = '';

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: 'caterway-photos' }],
  });
  const { address, port } = await s3.run();
  endpoint = `http://${address}:${port}`;
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const adapters: Array<[string, () => Storage]> = [
  ['local folder', () => createLocalStorage(path.join(tmp, 'uploads'))],
  [
    'S3 bucket (s3rver)',
    () =>
      createS3Storage({
        bucket: 'caterway-photos',
        endpoint,
        region: 'us-east-1',
        // s3rver's fixed credentials: it checks the signature with them
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: 'test/',
      }),
  ],
];

describe.each(adapters)('storage contract: %s', (_name, make) => {
  it('puts, reads back with type, length and ETag, tells existence and deletes', async () => {
    const storage = make();
    const key = 'photos/c1/0123456789abcdef01234567-f500x500-card-400.webp';
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();

    await storage.put(key, bytes, 'image/webp');
    expect(await storage.exists(key)).toBe(true);
    const object = (await storage.get(key))!;
    expect(object.contentType).toBe('image/webp');
    expect(object.contentLength).toBe(3000);
    expect(object.etag).toMatch(/^".+"$/);
    expect(await text(object.body)).toEqual(bytes);

    // a put replaces the object whole
    const next = Buffer.from('replaced');
    await storage.put(key, next, 'image/webp');
    const again = (await storage.get(key))!;
    expect(await text(again.body)).toEqual(next);
    expect(again.contentLength).toBe(next.length);

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    // deleting what is not there is no error
    await storage.delete(key);
  });

  it('keeps AVIF apart from WebP by its type', async () => {
    const storage = make();
    await storage.put('photos/c2/x-1.avif', Buffer.from('avif'), 'image/avif');
    const object = (await storage.get('photos/c2/x-1.avif'))!;
    object.body.destroy();
    expect(object.contentType).toBe('image/avif');
    await storage.delete('photos/c2/x-1.avif');
  });

  it('refuses keys that could leave its folder or bucket prefix', async () => {
    const storage = make();
    for (const key of [
      '../secret',
      'photos/../../etc/passwd',
      '/etc/passwd',
      'photos//x',
      'Photos/X.webp',
      'a\\b',
      '',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/unsafe storage key/);
    }
  });

  it('leaves no temporary file behind', async () => {
    const storage = make();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => storage.put('photos/c3/same.webp', Buffer.alloc(50_000, i), 'image/webp')),
    );
    const object = (await storage.get('photos/c3/same.webp'))!;
    const body = await text(object.body);
    // one of the writes, whole
    expect(body.length).toBe(50_000);
    expect(new Set(body).size).toBe(1);
    if (storage.kind === 'local') expect(fs.readdirSync(path.join(tmp, 'uploads/photos/c3'))).toEqual(['same.webp']);
  });
});

describe('S3 adapter failures', () => {
  it('reports a missing bucket as storage unavailable, not as a missing object', async () => {
    const storage = createS3Storage({
      bucket: 'no-such-bucket',
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    await expect(storage.put('photos/c1/a.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/404 NoSuchBucket/);
    await expect(storage.get('photos/c1/a.webp')).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('reports a server that does not answer as unavailable', async () => {
    const storage = createS3Storage({
      bucket: 'b',
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
      forcePathStyle: true,
      timeoutMs: 2000,
    });
    await expect(storage.exists('photos/x.webp')).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});

describe('choosing the adapter', () => {
  it('uses DATA_DIR/uploads by default and the bucket when S3_BUCKET is set', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: tmp };
    expect(createStorage(loadConfig(base)).kind).toBe('local');
    const config = loadConfig({
      ...base,
      S3_BUCKET: 'caterway-photos',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.s3).toMatchObject({ bucket: 'caterway-photos', forcePathStyle: true, region: 'us-east-1' });
    expect(createStorage(config).kind).toBe('s3');
    expect(() => loadConfig({ ...base, S3_BUCKET: 'caterway-photos' })).toThrow(
      /S3_ACCESS_KEY_ID: required when S3_BUCKET is set/,
    );
  });
});
