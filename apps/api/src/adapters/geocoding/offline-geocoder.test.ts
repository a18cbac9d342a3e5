import { beforeAll, describe, expect, it } from 'vitest';
import type { GeocodedAddress } from '../../ports/geocoder.js';
import { loadGazetteer } from './gazetteer.js';
import { createOfflineGeocoder } from './offline-geocoder.js';

const geocoder = createOfflineGeocoder();

// the gazetteer is built once (about a second, much more on a loaded machine), not inside a test's time
beforeAll(() => {
  loadGazetteer();
}, 60_000);

function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

async function placed(query: string): Promise<GeocodedAddress> {
  const result = await geocoder.geocode(query);
  if (!result.ok) throw new Error(`${query}: ${result.reason}`);
  return result.address;
}

describe('offline geocode', () => {
  it('places a Canadian address by its postal code', async () => {
    const a = await placed('100 King St W, Toronto, ON m5x1a9');
    expect(a).toMatchObject({
      label: '100 King St W, Toronto, ON M5X 1A9, Canada',
      address1: '100 King St W',
      city: 'Toronto',
      province: 'ON',
      zip: 'M5X 1A9',
      country: 'CA',
      precision: 'postal_code',
    });
    expect(distanceKm(a, { latitude: 43.6492, longitude: -79.3823 })).toBeLessThan(0.6);
  });

  it('places a US address by its ZIP', async () => {
    const a = await placed('350 5th Ave, New York, NY 10118');
    expect(a).toMatchObject({
      address1: '350 5th Ave',
      city: 'New York',
      province: 'NY',
      zip: '10118',
      country: 'US',
      precision: 'postal_code',
    });
    expect(a.label).toBe('350 5th Ave, New York, NY 10118, USA');
  });

  it('takes the city from the postal code when none is typed', async () => {
    expect(await placed('1250 René-Lévesque Blvd W H3B 4W8')).toMatchObject({
      city: 'Montréal',
      province: 'QC',
      zip: 'H3B 4W8',
    });
  });

  it('places by city without a postal code, with the nearest FSA/ZIP as zip', async () => {
    const a = await placed('123 Main Street, Ottawa');
    expect(a).toMatchObject({
      city: 'Ottawa',
      province: 'ON',
      country: 'CA',
      precision: 'city',
      label: '123 Main Street, Ottawa, ON, Canada',
    });
    expect(a.zip).toMatch(/^K\d[A-Z]$/);
    expect(distanceKm(a, { latitude: 45.4215, longitude: -75.6972 })).toBeLessThanOrEqual(1.5);
    expect(await placed('1055 W Georgia St Vancouver BC')).toMatchObject({
      city: 'Vancouver',
      province: 'BC',
      precision: 'city',
    });
    expect(await placed('55 Bloor St W Toronto')).toMatchObject({ city: 'Toronto', address1: '55 Bloor St W' });
    expect(await placed('10 rue Sainte-Catherine O, montreal')).toMatchObject({ city: 'Montréal', province: 'QC' });
    expect(await placed('350 5th Ave, New York')).toMatchObject({ city: 'New York', province: 'NY', country: 'US' });
    expect(await placed('1 Main St, NYC')).toMatchObject({ city: 'New York', province: 'NY' });
  });

  it('keeps the unit out of address1 but in the label', async () => {
    const a = await placed('Suite 400, 100 King St W, Toronto, ON M5X 1A9');
    expect(a.address1).toBe('100 King St W');
    expect(a.label).toBe('Suite 400, 100 King St W, Toronto, ON M5X 1A9, Canada');
  });

  it('answers the centroid it knows, exactly, and never a point of its own invention', async () => {
    const g = loadGazetteer();
    const ottawa = g.findCity('Ottawa', { province: 'ON' })!;
    // two streets of a city it knows no street of: both at the city's centre, precision 'city'
    for (const query of ['123 Main Street, Ottawa', '456 Bank St, Ottawa', '9 Nonexistent Crescent, Ottawa']) {
      expect(await placed(query), query).toMatchObject({
        latitude: ottawa.latitude,
        longitude: ottawa.longitude,
        precision: 'city',
      });
    }
    // a postal code it knows: that postal code's centroid, precision 'postal_code'
    const m5x = g.postal('M5X')!;
    expect(await placed('100 King St W, Toronto, ON M5X 1A9')).toMatchObject({
      latitude: m5x.latitude,
      longitude: m5x.longitude,
      precision: 'postal_code',
    });
    expect(await placed('1 Made Up Lane, Toronto, ON M5X 1A9')).toMatchObject({
      latitude: m5x.latitude,
      longitude: m5x.longitude,
      precision: 'postal_code',
    });
    // suggestions too: each names its city and sits at its centre
    for (const s of await geocoder.suggest('77 Nowhere Rd')) {
      const city = g.findCity(s.city, { province: s.province })!;
      expect([s.latitude, s.longitude, s.precision]).toEqual([city.latitude, city.longitude, 'city']);
    }
  });

  it('answers not_found for an unknown street in an unknown place, postal code or not', async () => {
    expect(await geocoder.geocode('12 Invented Way, Nowhereville, ZZ')).toEqual({ ok: false, reason: 'not_found' });
    expect(await geocoder.geocode('12 Invented Way, Nowhereville, ON')).toEqual({ ok: false, reason: 'not_found' });
    // Canada Post allocates no FSA starting with Z: no centroid, and no city to fall back on
    expect(await geocoder.geocode('12 Invented Way, Z9Z 9Z9')).toEqual({ ok: false, reason: 'not_found' });
    expect(await geocoder.suggest('12 Invented Way, Z9Z 9Z9')).toEqual([]);
  });

  it.each([
    'Toronto',
    'Toronto, ON',
    'Ontario',
    'Québec',
    'NY',
    'New York',
    'Canada',
    'USA',
    'M5X 1A9',
    'M5X',
    '10118',
    'King Street West, Toronto',
    'Yonge St',
    '123',
    'PO Box 123, Toronto, ON',
    '   ',
  ])('refuses broad input %j', async (query) => {
    expect(await geocoder.geocode(query)).toEqual({ ok: false, reason: 'too_broad' });
  });

  it('answers not_found for a street address in no city it knows', async () => {
    expect(await geocoder.geocode('123 Main St')).toEqual({ ok: false, reason: 'not_found' });
    expect(await geocoder.geocode('123 Main St, Xyzzyville')).toEqual({ ok: false, reason: 'not_found' });
    expect(await geocoder.geocode('123 Main St, Toronto, BC')).toEqual({ ok: false, reason: 'not_found' });
  });
});

describe('offline suggest', () => {
  it('suggests the typed street in the biggest cities when no city is typed', async () => {
    const list = await geocoder.suggest('100 King St W');
    expect(list.map((s) => s.label)).toEqual([
      '100 King St W, Toronto, ON, Canada',
      '100 King St W, Montréal, QC, Canada',
      '100 King St W, Vancouver, BC, Canada',
      '100 King St W, New York, NY, USA',
      '100 King St W, Calgary, AB, Canada',
    ]);
    expect(
      list.every((s) => s.precision === 'city' && Number.isFinite(s.latitude) && Number.isFinite(s.longitude)),
    ).toBe(true);
  });

  it('completes a partly typed city, accent-insensitive, biggest first', async () => {
    const mon = await geocoder.suggest('1250 René-Lévesque Blvd W, Mon', 3);
    expect(mon).toHaveLength(3);
    expect(mon[0]).toMatchObject({
      address1: '1250 René-Lévesque Blvd W',
      city: 'Montréal',
      province: 'QC',
      country: 'CA',
    });
    const tor = await geocoder.suggest('55 Bloor St W, tor');
    expect(tor[0]).toMatchObject({ city: 'Toronto', province: 'ON' });
    expect(tor.every((s) => s.city.toLowerCase().startsWith('tor'))).toBe(true);
  });

  it('limits suggestions to the province or country typed', async () => {
    const inQuebec = await geocoder.suggest('10 Main St, QC', 4);
    expect(inQuebec.length).toBe(4);
    expect(inQuebec.every((s) => s.province === 'QC')).toBe(true);
    const inUs = await geocoder.suggest('10 Main St, USA', 3);
    expect(inUs.map((s) => s.city)).toEqual(['New York', 'Chicago', 'Los Angeles']);
  });

  it('suggests the one placed address when a postal code is typed', async () => {
    expect(await geocoder.suggest('100 King St W M5X 1A9')).toEqual([
      expect.objectContaining({ label: '100 King St W, Toronto, ON M5X 1A9, Canada', precision: 'postal_code' }),
    ]);
  });

  it('suggests nothing for less than a street address, and caps the count', async () => {
    expect(await geocoder.suggest('King St W, Toronto')).toEqual([]);
    expect(await geocoder.suggest('Toronto')).toEqual([]);
    expect(await geocoder.suggest('M5X 1A9')).toEqual([]);
    expect(await geocoder.suggest('100 King St W', 50)).toHaveLength(10);
  });
});

describe('offline placeAt (the province and city of a point)', () => {
  it.each([
    ['downtown Toronto', 43.6487, -79.3817, { country: 'CA', province: 'ON', city: 'Toronto' }],
    [
      'Gatineau, across the river from Parliament Hill',
      45.4765,
      -75.7013,
      { country: 'CA', province: 'QC', city: 'Gatineau' },
    ],
    ['downtown Ottawa', 45.4215, -75.6972, { country: 'CA', province: 'ON', city: 'Ottawa' }],
    ['downtown Seattle', 47.6062, -122.3321, { country: 'US', province: 'WA', city: 'Seattle' }],
    // a Queens ZIP is named for its post office; the tax table knows Flushing is in New York City
    ['Flushing, Queens', 40.758, -73.8303, { country: 'US', province: 'NY', city: 'Flushing' }],
    ['downtown Montréal', 45.5019, -73.5674, { country: 'CA', province: 'QC', city: 'Montréal' }],
  ])('%s', async (_where, latitude, longitude, place) => {
    expect(await geocoder.placeAt(latitude, longitude)).toEqual(place);
  });

  it('places a point where geocoding put an address back in that address’s province and city', async () => {
    for (const query of [
      '100 King St W, Toronto, ON M5X 1A9',
      '350 5th Ave, New York, NY 10118',
      '1250 René-Lévesque Blvd W H3B 4W8',
    ]) {
      const a = await placed(query);
      expect(await geocoder.placeAt(a.latitude, a.longitude), query).toEqual({
        country: a.country,
        province: a.province,
        city: a.city,
      });
    }
  });

  it('answers null at sea and abroad', async () => {
    expect(await geocoder.placeAt(35, -40)).toBeNull(); // mid-Atlantic
    expect(await geocoder.placeAt(51.5074, -0.1278)).toBeNull(); // London, England
    expect(await geocoder.placeAt(19.4326, -99.1332)).toBeNull(); // Mexico City
    expect(await geocoder.placeAt(Number.NaN, -75)).toBeNull();
  });

  it('answers 1,000 points in well under 2 s', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    // cities (dense: hundreds of ZIPs nearby), countryside and sea
    const points = Array.from({ length: 1000 }, (_, i) =>
      i % 4 === 0 ? [40.7 + random() * 0.2, -74.05 + random() * 0.2] : [25 + random() * 30, -125 + random() * 60],
    );
    await geocoder.placeAt(43.6487, -79.3817); // the index is built on the first lookup
    const started = performance.now();
    let placedCount = 0;
    for (const [latitude, longitude] of points) if (await geocoder.placeAt(latitude!, longitude!)) placedCount++;
    expect(performance.now() - started).toBeLessThan(2000);
    expect(placedCount).toBeGreaterThan(250);
  });
});
