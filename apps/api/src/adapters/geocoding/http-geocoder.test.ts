import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeJsonServer, unusedLocalUrl, type FakeServer } from '../../../test/fakes/fake-http-server.js';
import { startNominatimFake } from '../../../test/fakes/nominatim-fake.js';
import { startPhotonFake } from '../../../test/fakes/photon-fake.js';
import { loadConfig } from '../../config/env.js';
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
        address1: '100 King Street West',
        city: 'Toronto',
        province: 'ON',
        zip: 'M5X 1A9',
        country: 'CA',
        latitude: 43.6486,
        longitude: -79.3818,
        precision: 'street',
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
    expect((await geocoder.suggest('350 5th Ave', 5))[0]).toMatchObject({
      province: 'NY',
      zip: '10118',
      country: 'US',
    });
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

  it('asks /reverse once for points within the same ~11 m, together or later; a miss is asked again', async () => {
    const { log } = collectingLog();
    const geocoder = createHttpGeocoder({ url: fake.url, kind: 'photon', log });
    const before = fake.requests.length;
    const answers = await Promise.all([geocoder.placeAt(45.4765, -75.7013), geocoder.placeAt(45.47651, -75.70131)]);
    expect(await geocoder.placeAt(45.4765, -75.7013)).toEqual(answers[0]);
    expect(answers[1]).toEqual({ country: 'CA', province: 'QC', city: 'Gatineau' });
    expect(fake.requests.length - before).toBe(1);
    await geocoder.placeAt(35, -40); // nothing there: not kept
    await geocoder.placeAt(35, -40);
    expect(fake.requests.length - before).toBe(3);
  });

  it('places a point in its province and city by /reverse', async () => {
    const { log, warnings } = collectingLog();
    const geocoder = createHttpGeocoder({ url: fake.url, kind: 'photon', log });
    expect(await geocoder.placeAt(45.4765, -75.7013)).toEqual({ country: 'CA', province: 'QC', city: 'Gatineau' });
    const request = fake.requests.at(-1)!;
    expect(request.url.pathname).toBe('/reverse');
    expect(Object.fromEntries(request.url.searchParams)).toEqual({ lat: '45.4765', lon: '-75.7013' });
    expect(request.headers['user-agent']).toBe('Caterway/0.1');
    expect(await geocoder.placeAt(45.4215, -75.6972)).toEqual({ country: 'CA', province: 'ON', city: 'Ottawa' });
    // the city, not the borough
    expect(await geocoder.placeAt(40.758, -73.8303)).toEqual({ country: 'US', province: 'NY', city: 'New York' });
    // in the countryside the nearest feature can be the village itself
    expect(await geocoder.placeAt(45.38, -74.3)).toEqual({ country: 'CA', province: 'QC', city: 'Rigaud' });
    expect(warnings).toEqual([]);
  });

  it('answers null where there is nothing, or nothing in Canada and the US, without a warning', async () => {
    const { log, warnings } = collectingLog();
    const geocoder = createHttpGeocoder({ url: fake.url, kind: 'photon', log });
    expect(await geocoder.placeAt(35, -40)).toBeNull(); // mid-Atlantic: no features
    expect(await geocoder.placeAt(32.5149, -117.0382)).toBeNull(); // Tijuana
    const before = fake.requests.length;
    expect(await geocoder.placeAt(Number.NaN, -75)).toBeNull();
    expect(await geocoder.placeAt(45, -190)).toBeNull();
    expect(fake.requests.length).toBe(before);
    expect(warnings).toEqual([]);
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
        address1: '1250 Boulevard René-Lévesque Ouest',
        city: 'Montréal',
        province: 'QC',
        zip: 'H3B 4W8',
        country: 'CA',
        latitude: 45.4986,
        longitude: -73.5695,
        precision: 'street',
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
    expect(list).toEqual([
      expect.objectContaining({
        address1: '233 South Wacker Drive',
        city: 'Chicago',
        province: 'IL',
        zip: '60606',
        country: 'US',
      }),
    ]);
  });

  it('answers too_broad when the best result is a city', async () => {
    const { log } = collectingLog();
    const geocoder = createHttpGeocoder({ url: fake.url, kind: 'nominatim', log });
    expect(await geocoder.geocode('10 Main St Springfield')).toEqual({ ok: false, reason: 'too_broad' });
  });

  it('places a point in its province and city by /reverse', async () => {
    const { log, warnings } = collectingLog();
    const geocoder = createHttpGeocoder({ url: fake.url, kind: 'nominatim', log });
    expect(await geocoder.placeAt(45.4765, -75.7013)).toEqual({ country: 'CA', province: 'QC', city: 'Gatineau' });
    const request = fake.requests.at(-1)!;
    expect(request.url.pathname).toBe('/reverse');
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      format: 'jsonv2',
      lat: '45.4765',
      lon: '-75.7013',
      addressdetails: '1',
    });
    expect(request.headers['user-agent']).toBe('Caterway/0.1');
    expect(await geocoder.placeAt(47.6062, -122.3321)).toEqual({ country: 'US', province: 'WA', city: 'Seattle' });
    // OSM's "City of New York" is New York
    expect(await geocoder.placeAt(40.758, -73.8303)).toEqual({ country: 'US', province: 'NY', city: 'New York' });
    // a town, and a province named without its ISO code
    expect(await geocoder.placeAt(45.4551, -74.1462)).toEqual({ country: 'CA', province: 'QC', city: 'Hudson' });
    expect(warnings).toEqual([]);
  });

  it('answers null at sea ("Unable to geocode") and outside Canada and the US, without a warning', async () => {
    const { log, warnings } = collectingLog();
    const geocoder = createHttpGeocoder({ url: fake.url, kind: 'nominatim', log });
    expect(await geocoder.placeAt(35, -40)).toBeNull();
    expect(await geocoder.placeAt(32.5149, -117.0382)).toBeNull(); // Tijuana
    expect(warnings).toEqual([]);
  });
});

describe('HTTP geocoder reverse answers it cannot use', () => {
  it.each([
    ['a province of the other country', { country_code: 'us', state: 'Ontario' }],
    ['an ISO code of the other country', { country_code: 'ca', state: 'Somewhere', 'ISO3166-2-lvl4': 'US-NY' }],
    ['no province at all', { country_code: 'ca', city: 'Ottawa' }],
    ['an unknown province', { country_code: 'us', state: 'Puerto Rico', 'ISO3166-2-lvl4': 'US-PR' }],
  ])('%s -> null', async (_what, address) => {
    const fake = await startFakeJsonServer(() => ({ status: 200, body: { lat: '45', lon: '-75', address } }));
    const { log } = collectingLog();
    expect(await createHttpGeocoder({ url: fake.url, kind: 'nominatim', log }).placeAt(45, -75)).toBeNull();
    await fake.close();
  });

  it('trusts the ISO code over the name, and takes a two-letter state as a code', async () => {
    const answers = [
      { country_code: 'ca', state: 'Province de Québec', 'ISO3166-2-lvl4': 'CA-QC', village: 'Wakefield' },
      { country_code: 'us', state: 'DC', city: 'Washington' },
    ];
    const fake = await startFakeJsonServer(() => ({
      status: 200,
      body: { lat: '45', lon: '-75', address: answers.shift() },
    }));
    const { log } = collectingLog();
    const geocoder = createHttpGeocoder({ url: fake.url, kind: 'nominatim', log });
    expect(await geocoder.placeAt(45.6, -75.9)).toEqual({ country: 'CA', province: 'QC', city: 'Wakefield' });
    expect(await geocoder.placeAt(38.9, -77)).toEqual({ country: 'US', province: 'DC', city: 'Washington' });
    await fake.close();
  });
});

describe('HTTP geocoder that cannot be reached', () => {
  it.each(['photon', 'nominatim'] as const)(
    '%s: server down -> unavailable, no suggestions, no place, a warning each',
    async (kind) => {
      const { log, warnings } = collectingLog();
      const geocoder = createHttpGeocoder({ url: await unusedLocalUrl(), kind, log });
      expect(await geocoder.geocode('100 King St W, Toronto')).toEqual({ ok: false, reason: 'unavailable' });
      expect(await geocoder.suggest('100 King St W')).toEqual([]);
      await expect(geocoder.placeAt(45.4215, -75.6972)).resolves.toBeNull();
      expect(warnings).toHaveLength(3);
      expect(warnings[2]).toMatchObject({ geocoder: kind, err: { message: expect.any(String) } });
    },
  );

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
    const reverseStarted = Date.now();
    expect(await geocoder.placeAt(45.4215, -75.6972)).toBeNull();
    expect(Date.now() - reverseStarted).toBeLessThan(2000);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('treats an error status or a body of the wrong shape as unavailable', async () => {
    const server = http.createServer((req, res) => {
      if (req.url?.startsWith('/api') || req.url?.startsWith('/reverse?lat=')) {
        // Photon's search and reverse: JSON, but no FeatureCollection
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"unexpected":true}');
      } else if (req.url?.startsWith('/reverse?format=jsonv2&lat=45.4215&')) {
        // Nominatim's reverse: a list instead of one place (other points: 502)
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('[]');
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
    const { log: reverseLog, warnings } = collectingLog();
    for (const kind of ['photon', 'nominatim'] as const) {
      const geocoder = createHttpGeocoder({ url: `http://127.0.0.1:${port}`, kind, log: reverseLog });
      expect(await geocoder.placeAt(45.4215, -75.6972), `${kind}, wrong shape`).toBeNull();
    }
    // Nominatim's reverse answering 502
    expect(
      await createHttpGeocoder({ url: `http://127.0.0.1:${port}`, kind: 'nominatim', log: reverseLog }).placeAt(
        45.4,
        -75.6,
      ),
    ).toBeNull();
    expect(warnings).toEqual([
      expect.objectContaining({
        geocoder: 'photon',
        err: expect.objectContaining({ message: 'not a Photon FeatureCollection' }),
      }),
      expect.objectContaining({
        geocoder: 'nominatim',
        err: expect.objectContaining({ message: 'not a Nominatim place' }),
      }),
      { status: 502, geocoder: 'nominatim' },
    ]);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});

describe('createGeocoder', () => {
  it('is offline by default and HTTP when GEOCODER_URL is set', () => {
    const log = { warn: () => undefined };
    expect(createGeocoder(loadConfig({ NODE_ENV: 'test' }), log).kind).toBe('offline');
    expect(
      createGeocoder(
        loadConfig({ NODE_ENV: 'test', GEOCODER_URL: 'http://127.0.0.1:2322', GEOCODER_KIND: 'nominatim' }),
        log,
      ).kind,
    ).toBe('http');
  });
});
