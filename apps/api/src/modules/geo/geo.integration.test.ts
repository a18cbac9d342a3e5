import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@caterway/domain';
import { unusedLocalUrl, type FakeServer } from '../../../test/fakes/fake-http-server.js';
import { startPhotonFake } from '../../../test/fakes/photon-fake.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { createHttpGeocoder } from '../../adapters/geocoding/http-geocoder.js';

const addressKeys = ['address1', 'city', 'country', 'label', 'latitude', 'longitude', 'precision', 'province', 'zip'];

describe('geo endpoints with the offline gazetteer', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('suggests street addresses with coordinates, whitelisted fields only', async () => {
    const res = await get(`/api/v2/geo/suggestions?q=${encodeURIComponent('100 King St W, Tor')}&limit=3`);
    expect(res.statusCode).toBe(200);
    const { suggestions } = res.json();
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(3);
    expect(Object.keys(suggestions[0]).sort()).toEqual(addressKeys);
    expect(suggestions[0]).toMatchObject({
      address1: '100 King St W',
      city: 'Toronto',
      province: 'ON',
      country: 'CA',
      precision: 'city',
    });
  });

  it('defaults to five suggestions and answers an empty list for short or broad text', async () => {
    expect((await get('/api/v2/geo/suggestions?q=100%20King%20St%20W')).json().suggestions).toHaveLength(5);
    expect((await get('/api/v2/geo/suggestions?q=10')).json()).toEqual({ suggestions: [] });
    expect((await get('/api/v2/geo/suggestions')).json()).toEqual({ suggestions: [] });
    expect((await get('/api/v2/geo/suggestions?q=Toronto')).json()).toEqual({ suggestions: [] });
  });

  it('refuses a query over 300 characters and a limit out of range', async () => {
    const long = await get(`/api/v2/geo/suggestions?q=${'a'.repeat(301)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ error: expect.any(String), messages: expect.any(Array) });
    expect((await get('/api/v2/geo/suggestions?q=100%20King%20St&limit=11')).statusCode).toBe(422);
    expect((await get('/api/v2/geo/suggestions?q=100%20King%20St&limit=0')).statusCode).toBe(422);
  });

  it('geocodes a street address', async () => {
    const res = await get(`/api/v2/geo/geocode?address=${encodeURIComponent('350 5th Ave, New York, NY 10118')}`);
    expect(res.statusCode).toBe(200);
    const { address } = res.json();
    expect(Object.keys(address).sort()).toEqual(addressKeys);
    expect(address).toMatchObject({
      label: '350 5th Ave, New York, NY 10118, USA',
      zip: '10118',
      country: 'US',
      precision: 'postal_code',
    });
  });

  it('answers 422 with the spec message for broad input', async () => {
    for (const text of ['Toronto', 'M5X 1A9', 'Ontario, Canada', 'King St W, Toronto']) {
      const res = await get(`/api/v2/geo/geocode?address=${encodeURIComponent(text)}`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        error: 'Your search is too broad, please enter in a street address.',
        messages: ['Your search is too broad, please enter in a street address.'],
      });
    }
  });

  it('answers 404 for a street address it cannot place, and 422 without an address', async () => {
    const res = await get(`/api/v2/geo/geocode?address=${encodeURIComponent('123 Main St, Xyzzyville')}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: messages.addressNotFound });
    const missing = await get('/api/v2/geo/geocode');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().messages).toEqual([`Address: ${messages.required}`]);
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v2/geo/suggestions', '/api/v2/geo/geocode']));
  });
});

describe('geo endpoints with an HTTP geocoder', () => {
  let fake: FakeServer;
  let ctx: TestContext;
  beforeAll(async () => {
    fake = await startPhotonFake();
    ctx = await createTestApp({ env: { GEOCODER_URL: fake.url, GEOCODER_KIND: 'photon' } });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  it('uses the configured Photon service', async () => {
    expect(ctx.deps.geocoder.kind).toBe('http');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/geo/geocode?address=${encodeURIComponent('100 King St W, Toronto')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toMatchObject({
      zip: 'M5X 1A9',
      precision: 'street',
      latitude: 43.6486,
      longitude: -79.3818,
    });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v2/geo/suggestions?q=100%20King%20St%20W' });
    expect(list.json().suggestions).toHaveLength(1);
  });

  it('answers 503 when the service is unreachable, and no suggestions', async () => {
    const warnings: unknown[] = [];
    const down = createHttpGeocoder({
      url: await unusedLocalUrl(),
      kind: 'photon',
      log: { warn: (o) => void warnings.push(o) },
    });
    const downCtx = await createTestApp({ geocoder: down });
    try {
      const res = await downCtx.app.inject({
        method: 'GET',
        url: `/api/v2/geo/geocode?address=${encodeURIComponent('100 King St W, Toronto')}`,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: messages.serviceUnavailable });
      const list = await downCtx.app.inject({ method: 'GET', url: '/api/v2/geo/suggestions?q=100%20King%20St%20W' });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual({ suggestions: [] });
      expect(warnings).toHaveLength(2);
    } finally {
      await downCtx.close();
    }
  });
});
