import { describe, expect, it } from 'vitest';
import {
  buildGazetteer,
  cityFromFsaLabel,
  cityKey,
  loadGazetteer,
  NEAREST_POSTAL_MAX_KM,
  type ZipRow,
} from './gazetteer.js';

const row = (
  zip: string,
  city: string,
  state: string,
  latitude: number,
  longitude: number,
  country = 'Canada',
): ZipRow => ({
  zip,
  city,
  state,
  latitude,
  longitude,
  country,
});

describe('gazetteer built from rows (province cleaning and city names)', () => {
  // Rows as the zipcodes package ships them, wrong provinces included.
  const g = buildGazetteer(
    [
      row('10001', 'New York', 'NY', 40.7484, -73.9967, 'US'),
      row('10002', 'New York', 'NY', 40.7152, -73.9877, 'US'),
      row('09001', 'Apo', 'AE', 0, 0, 'US'),
    ],
    [
      row('M5X', 'Downtown Toronto (underground City)', 'Quispamsis', 43.6492, -79.3823),
      row('E2E', 'Quispamsis', 'Quispamsis', 45.43, -65.95),
      row(
        'K0C',
        'Dundas and Glengarry United Counties (Alexandria)',
        'Dundas and Glengarry United Counties (Alexandria)',
        45.3,
        -74.6,
      ),
      row('H1P', 'Saint-l\uFFFDonard North', 'Quebec', 45.59, -73.6),
      row('X0A', 'Outer Nunavut (iqaluit)', 'Nunavut Territory', 63.75, -68.52),
    ],
  );

  it('takes the province from the FSA first letter, not the data', () => {
    expect(g.postal('M5X 1A9')).toMatchObject({ code: 'M5X', province: 'ON', country: 'CA' });
    expect(g.postal('e2e')).toMatchObject({ province: 'NB' });
    expect(g.postal('K0C 1A0')).toMatchObject({ province: 'ON' });
    expect(g.postal('X0A 0H0')).toMatchObject({ province: 'NU' });
    expect(g.findCity('Alexandria')).toMatchObject({ province: 'ON', country: 'CA' });
  });

  it('names the municipality of each FSA, repairing lost accents', () => {
    expect(g.postal('M5X')?.city?.name).toBe('Toronto');
    expect(g.findCity('Saint-Léonard')).toMatchObject({ name: 'Saint-Léonard', province: 'QC' });
    expect(g.findCity('Iqaluit')).toMatchObject({ province: 'NU' });
  });

  it('drops military and territory ZIPs', () => {
    expect(g.postal('09001')).toBeUndefined();
    expect(g.findCity('New York', { province: 'NY' })).toMatchObject({
      country: 'US',
      zip: expect.stringMatching(/^1000[12]$/),
    });
  });
});

describe('nearest postal place (reverse lookup) over given rows', () => {
  const g = buildGazetteer(
    [
      row('98101', 'Seattle', 'WA', 47.6114, -122.3305, 'US'),
      row('98004', 'Bellevue', 'WA', 47.6154, -122.2071, 'US'),
      row('99546', 'Adak', 'AK', 51.88, -176.65, 'US'),
      row('10200', 'New York', 'NY', 40.77, 73.95, 'US'), // the data's lost sign: a ZIP in Kyrgyzstan
    ],
    [
      row('K1P', 'Ottawa (parliament Hill)', 'Ontario', 45.4231, -75.6991),
      row('J8X', 'Hull Southeast', 'Quebec', 45.4316, -75.7175),
      row('J9X', 'Rouyn-noranda', 'Quebec', 48.2395, -79.0206),
      row('J0Z', 'Western Abitibi-temiscamingue (la Sarre)', 'Quebec', 48.4, -79.2),
      row('H0H', 'Reserved (santa Claus)', 'Quebec', 90, 0),
    ],
  );

  it('answers the nearest centroid with its province and city', () => {
    expect(g.nearestPostal(47.6062, -122.3321)).toMatchObject({
      postal: { code: '98101' },
      country: 'US',
      province: 'WA',
      city: 'Seattle',
    });
    expect(g.nearestPostal(47.62, -122.2)).toMatchObject({ province: 'WA', city: 'Bellevue' });
    expect(g.nearestPostal(45.4215, -75.6972)).toMatchObject({
      postal: { code: 'K1P' },
      country: 'CA',
      province: 'ON',
      city: 'Ottawa',
    });
    const hull = g.nearestPostal(45.435, -75.72)!;
    expect(hull).toMatchObject({ postal: { code: 'J8X' }, province: 'QC', city: 'Hull' });
    expect(hull.distanceKm).toBeGreaterThan(0);
    expect(hull.distanceKm).toBeLessThan(1);
  });

  it('names the nearest city of the province for an FSA labelled by region', () => {
    expect(g.postal('J0Z')?.city?.name).toBe('La Sarre');
    // J0Z names La Sarre from its label; an FSA whose label names only a region borrows the nearest city
    const regionOnly = buildGazetteer(
      [],
      [
        row('K0H', 'Frontenac County', 'Ontario', 44.5, -76.6),
        row('K7L', 'Kingston Central', 'Ontario', 44.23, -76.49),
      ],
    );
    expect(regionOnly.postal('K0H')?.city).toBeUndefined();
    expect(regionOnly.nearestPostal(44.51, -76.61)).toMatchObject({
      postal: { code: 'K0H' },
      province: 'ON',
      city: 'Kingston',
    });
  });

  it('refuses a point farther than the limit from every centroid', () => {
    expect(NEAREST_POSTAL_MAX_KM).toBe(50);
    expect(g.nearestPostal(47.6062, -121.5)).toBeUndefined(); // ~60 km east of Bellevue
    expect(g.nearestPostal(47.6062, -121.5, 80)).toMatchObject({ city: 'Bellevue' });
    expect(g.nearestPostal(30, -40)).toBeUndefined();
  });

  it('ignores centroids outside Canada and the US, and crosses the date line', () => {
    expect(g.nearestPostal(40.77, 73.95)).toBeUndefined();
    expect(g.nearestPostal(89.99, 0)).toBeUndefined();
    expect(g.postal('10200')).toBeDefined(); // a typed ZIP is still that ZIP
    // Adak at -176.65: a point just west of the 180th meridian, 14 km away
    expect(g.nearestPostal(51.88, 183.35)).toMatchObject({ province: 'AK' });
    expect(g.nearestPostal(51.88, -176.85)).toMatchObject({ province: 'AK' });
  });

  it('refuses what is not a point', () => {
    expect(g.nearestPostal(Number.NaN, -75)).toBeUndefined();
    expect(g.nearestPostal(45, Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(g.nearestPostal(91, -75)).toBeUndefined();
  });

  it('finds what a scan of every centroid finds (random rows and points)', () => {
    let seed = 17;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    // sparse enough that many nearest centroids lie near the limit, or beyond it
    const rows = Array.from({ length: 150 }, (_, i) =>
      row(String(10000 + i), `Town ${i}`, 'ND', 46 + random() * 3, -104 + random() * 8, 'US'),
    );
    const sparse = buildGazetteer(rows, []);
    const km = (aLat: number, aLon: number, bLat: number, bLon: number) => {
      const r = Math.PI / 180;
      const h =
        Math.sin(((bLat - aLat) * r) / 2) ** 2 +
        Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(((bLon - aLon) * r) / 2) ** 2;
      return 2 * 6371 * Math.asin(Math.sqrt(h));
    };
    let near = 0;
    for (let i = 0; i < 1000; i++) {
      const lat = 45 + random() * 5;
      const lon = -105 + random() * 10;
      const scanned = Math.min(...rows.map((r) => km(lat, lon, r.latitude, r.longitude)));
      const found = sparse.nearestPostal(lat, lon);
      if (scanned > 50.01) expect(found, `${lat},${lon}`).toBeUndefined();
      else if (scanned < 49.99) expect(found?.distanceKm, `${lat},${lon}`).toBeCloseTo(scanned, 1);
      if (scanned > 30 && scanned < 50) near++;
    }
    expect(near).toBeGreaterThan(100);
  });
});

describe('FSA labels', () => {
  it.each([
    ['Downtown Toronto (underground City)', 'Toronto'],
    ['Eastern Alberta (st. Paul)', 'St. Paul'],
    ['Quebec City East', 'Québec'],
    ['Sainte-th\uFFFDr\uFFFDse- De-blainville Northeast', 'Sainte-Thérèse-de-Blainville'],
    ["L'ancienne-lorette Northeast", "L'Ancienne-Lorette"],
    ["St. John's North Central", "St. John's"],
    ['Halifax Lower Harbour', 'Halifax'],
    ['West Vancouver West', 'West Vancouver'],
    ['Charlottetown Southeast Prince Edward Island Provincial Government', 'Charlottetown'],
    ['Fort Mcmurray Outer Central', 'Fort McMurray'],
  ])('%s -> %s', (label, city) => {
    expect(cityFromFsaLabel(label)).toBe(city);
  });

  it.each([
    'Western Newfoundland',
    'Red Deer County',
    'Reserved (santa Claus)',
    'Government Of Canada Ottawa And Gatineau Offices',
  ])('%s names no municipality', (label) => {
    expect(cityFromFsaLabel(label)).toBeUndefined();
  });

  it('folds names for lookup', () => {
    expect(cityKey('Montréal')).toBe(cityKey('montreal'));
    expect(cityKey('St. Catharines')).toBe(cityKey('Saint Catharines'));
    expect(cityKey('NYC')).toBe(cityKey('New York'));
  });
});

describe('gazetteer from the shipped data', () => {
  const g = loadGazetteer();

  it('holds the US ZIPs and Canadian FSAs', () => {
    expect(g.size.postalCodes).toBeGreaterThan(40_000);
    expect(g.size.cities).toBeGreaterThan(25_000);
    expect(loadGazetteer()).toBe(g); // built once
  });

  it('cleans every Canadian province: an FSA starting with M is in Ontario', () => {
    expect(g.postal('M1B')?.province).toBe('ON');
    expect(g.postal('E1C')?.province).toBe('NB');
    expect(g.postal('V6C')?.province).toBe('BC');
    expect(g.postal('H3B')?.province).toBe('QC');
    expect(g.postal('X1A')?.province).toBe('NT');
  });

  it('finds Montréal with and without its accent, and Québec by its usual names', () => {
    const withAccent = g.findCity('Montréal');
    expect(withAccent).toMatchObject({ name: 'Montréal', province: 'QC', country: 'CA' });
    expect(g.findCity('montreal')).toBe(withAccent);
    expect(g.findCity('MONTREAL', { province: 'QC' })).toBe(withAccent);
    expect(g.findCity('Quebec City')).toMatchObject({ name: 'Québec', province: 'QC' });
  });

  it('resolves aliases and Saint/St. spellings', () => {
    expect(g.findCity('NYC')).toMatchObject({ name: 'New York', province: 'NY' });
    expect(g.findCity('New York City')).toMatchObject({ name: 'New York', province: 'NY' });
    expect(g.findCity('Saint Catharines')).toMatchObject({ name: 'St. Catharines', province: 'ON' });
    expect(g.findCity('St Louis', { province: 'MO' })).toMatchObject({ province: 'MO' });
    expect(g.findCity("St. John's")).toMatchObject({ province: 'NL' });
    expect(g.findCity('Saint John')).toMatchObject({ province: 'NB' });
  });

  it('prefers the bigger city of a shared name unless a province says otherwise', () => {
    expect(g.findCity('London')).toMatchObject({ province: 'ON' });
    expect(g.findCity('Vancouver')).toMatchObject({ province: 'BC' });
    expect(g.findCity('Vancouver', { province: 'WA' })).toMatchObject({ country: 'US' });
    expect(g.findCity('Toronto', { country: 'US' })).toMatchObject({ name: 'Toronto', province: 'OH', country: 'US' });
  });

  it('keeps boroughs findable and places big cities at their downtown', () => {
    expect(g.findCity('North York')).toMatchObject({ province: 'ON' });
    expect(g.findCity('Toronto')).toMatchObject({ latitude: 43.6532, longitude: -79.3832 });
    expect(g.findCity('Toronto')!.zip).toMatch(/^M5/);
  });

  it('lists cities by prefix, biggest first, accent-insensitive', () => {
    expect(g.citiesByPrefix('mon', { limit: 3 })[0]).toMatchObject({ name: 'Montréal' });
    expect(g.citiesByPrefix('Tor', { limit: 3 })[0]).toMatchObject({ name: 'Toronto' });
    const us = g.citiesByPrefix('tor', { limit: 10, country: 'US' });
    expect(us.length).toBeGreaterThan(1);
    expect(us.every((c) => c.country === 'US')).toBe(true);
    expect(g.citiesByPrefix('', { limit: 3, province: 'QC' })[0]).toMatchObject({ name: 'Montréal' });
    expect(g.majorCities(5).map((c) => c.name)).toEqual(['Toronto', 'Montréal', 'Vancouver', 'New York', 'Calgary']);
  });
});
