import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.js';
import { startPhotonFake } from '../../../test/fakes/photon-fake.js';
import { startNominatimFake } from '../../../test/fakes/nominatim-fake.js';
import { unusedLocalUrl, type FakeServer } from '../../../test/fakes/fake-http-server.js';
import { createHttpGeocoder } from './http-geocoder.js';
import { createGeocoder } from './index.js';

function collectingLog() {
  const warnings: unknown[] = [];
  return { warnings, log: { warn: (obj: unknown) => void warnings.push(obj) } };
}

describe('HTTP geocoder speaking Photon', () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await startPhotonFake();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('geocodes a street address, mapping state names to codes and normalizing the postal code', async () => {
    const { log } = collectingLog();
    const geocoder = createHttpGeocoder({ url: fake.url, kind: 'photon', log });
    expect(geocoder.kind).toBe('http');
    expect(await geocoder.geocode('100 King St W, Toronto')).toEqual({
      ok: true,
      address: {
        label: '100 King Street West, Toronto, ON M5X 1A9, Canada',
        address1: '100 King Street West', city: 'Toronto', province: 'ON', zip: 'M5X 1A9', country: 'CA',
        latitude: 43.6486, longitude: -79.3818, precision: 'street',
      },
    });
    const request = fake.requests.at(-1)!;
    expect(request.url.pathname).toBe('/api');
    expect(request.url.searchParams.get('q')).toBe('100 King St W, Toronto');
    expect(request.headers['user-agent']).toBe('Caterway/0.1');
  });

  it('suggests only Canadian and US results that have a house number', async () => {
    const { log } = collectingLog();
    const geocoder = createHttpGeocoder({ url: fake.url, kind: 'photon', log });
    const list = await geocoder.suggest('100 King St W', 5);
    expect(list.map((s) => s.label)).toEqual(['100 King Street West, Toronto, ON M5X 1A9, Canada']);
    expect(fake.requests.at(-1)!.url.searchParams.get('limit')).toBe('15');
    expect((await geocoder.suggest('350 5th Ave', 5))[0]).toMatchObject({ province: 'NY', zip: '10118', country: 'US' });
  });

  it('answers too_broad when the best result is not a street address, and before asking for broad input', async () => {
    const { log } = collectingLog();
    const geocoder = createHttpGeocoder({ url: fake.url, kind: 'photon', log });
    expect(await geocoder.geocode('1 Nowhere Rd, Toronto')).toEqual({ ok: false, reason: 'too_broad' });
    const before = fake.requests.length;
    expect(await geocoder.geocode('Toronto, ON')).toEqual({ ok: false, reason: 'too_broad' });
    expect(await geocoder.suggest('Toronto')).toEqual([]);
    expect(fake.requests.length).toBe(before);
  });

  it('answers not_found when nothing matches', async () => {
    const { log } = collectingLog();
    const geocoder = createHttpGeocoder({ url: fake.url, kind: 'photon', log });
    expect(await geocoder.geocode('9 Unknown Way, Nowhere')).toEqual({ ok: false, reason: 'not_found' });
  });
});

describe('HTTP geocoder speaking Nominatim', () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await startNominatimFake();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('geocodes a street address with the protocol parameters Nominatim needs', async () => {
    const { log } = collectingLog();
    const geocoder = createHttpGeocoder({ url: `${fake.url}/`, kind: 'nominatim', log });
    expect(await geocoder.geocode('1250 René-Lévesque Blvd W, Montréal')).toEqual({
      ok: true,
      address: {
        label: '1250 Boulevard René-Lévesque Ouest, Montréal, QC H3B 4W8, Canada',
        address1: '1250 Boulevard René-Lévesque Ouest', city: 'Montréal', province: 'QC', zip: 'H3B 4W8', country: 'CA',
        latitude: 45.4986, longitude: -73.5695, precision: 'street',
      },
    });
    const params = fake.requests.at(-1)!.url.searchParams;
    expect(fake.requests.at(-1)!.url.pathname).toBe('/search');
    expect(Object.fromEntries(params)).toMatchObject({ format: 'jsonv2', addressdetails: '1', countrycodes: 'ca,us' });
    expect(fake.requests.at(-1)!.headers['user-agent']).toBe('Caterway/0.1');
  });

  it('suggests street-level results only', async () => {
    const { log } = collectingLog();
    const geocoder = createHttpGeocoder({ url: fake.url, kind: 'nominatim', log });
    const list = await geocoder.suggest('233 S Wacker Dr', 3);
    expect(list).toEqual([expect.objectContaining({ address1: '233 South Wacker Drive', city: 'Chicago', province: 'IL', zip: '60606', country: 'US' })]);
  });

  it('answers too_broad when the best result is a city', async () => {
    const { log } = collectingLog();
    const geocoder = createHttpGeocoder({ url: fake.url, kind: 'nominatim', log });
    expect(await geocoder.geocode('10 Main St Springfield')).toEqual({ ok: false, reason: 'too_broad' });
  });
});

describe('HTTP geocoder that cannot be reached', () => {
  it.each(['photon', 'nominatim'] as const)('%s: server down -> unavailable, no suggestions, a warning', async (kind) => {
    const { log, warnings } = collectingLog();
    const geocoder = createHttpGeocoder({ url: await unusedLocalUrl(), kind, log });
    expect(await geocoder.geocode('100 King St W, Toronto')).toEqual({ ok: false, reason: 'unavailable' });
    expect(await geocoder.suggest('100 King St W')).toEqual([]);
    expect(warnings).toHaveLength(2);
  });

  it('gives up after the timeout', async () => {
    // A server that accepts the request and never answers.
    const server = http.createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const { log } = collectingLog();
    const geocoder = createHttpGeocoder({ url: `http://127.0.0.1:${port}`, kind: 'photon', log, timeoutMs: 200 });
    const started = Date.now();
    expect(await geocoder.geocode('100 King St W, Toronto')).toEqual({ ok: false, reason: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(2000);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('treats an error status or a body of the wrong shape as unavailable', async () => {
    const server = http.createServer((req, res) => {
      if (req.url?.startsWith('/api')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"unexpected":true}');
      } else {
        res.writeHead(502);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const { log } = collectingLog();
    const photon = createHttpGeocoder({ url: `http://127.0.0.1:${port}`, kind: 'photon', log });
    const nominatim = createHttpGeocoder({ url: `http://127.0.0.1:${port}`, kind: 'nominatim', log });
    expect(await photon.geocode('100 King St W, Toronto')).toEqual({ ok: false, reason: 'unavailable' });
    expect(await nominatim.geocode('100 King St W, Toronto')).toEqual({ ok: false, reason: 'unavailable' });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});

describe('createGeocoder', () => {
  it('is offline by default and HTTP when GEOCODER_URL is set', () => {
    const log = { warn: () => undefined };
    expect(createGeocoder(loadConfig({ NODE_ENV: 'test' }), log).kind).toBe('offline');
    expect(createGeocoder(loadConfig({ NODE_ENV: 'test', GEOCODER_URL: 'http://127.0.0.1:2322', GEOCODER_KIND: 'nominatim' }), log).kind).toBe('http');
  });
});
