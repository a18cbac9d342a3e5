import { describe, expect, it } from 'vitest';
import { buildGazetteer, cityFromFsaLabel, cityKey, loadGazetteer, type ZipRow } from './gazetteer.js';

const row = (zip: string, city: string, state: string, latitude: number, longitude: number, country = 'Canada'): ZipRow => ({
  zip, city, state, latitude, longitude, country,
});

describe('gazetteer built from rows (province cleaning and city names)', () => {
  // Rows as the zipcodes package ships them, wrong provinces included.
  const g = buildGazetteer(
    [row('10001', 'New York', 'NY', 40.7484, -73.9967, 'US'), row('10002', 'New York', 'NY', 40.7152, -73.9877, 'US'), row('09001', 'Apo', 'AE', 0, 0, 'US')],
    [
      row('M5X', 'Downtown Toronto (underground City)', 'Quispamsis', 43.6492, -79.3823),
      row('E2E', 'Quispamsis', 'Quispamsis', 45.43, -65.95),
      row('K0C', 'Dundas and Glengarry United Counties (Alexandria)', 'Dundas and Glengarry United Counties (Alexandria)', 45.3, -74.6),
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
    expect(g.findCity('New York', { province: 'NY' })).toMatchObject({ country: 'US', zip: expect.stringMatching(/^1000[12]$/) });
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

  it.each(['Western Newfoundland', 'Red Deer County', 'Reserved (santa Claus)', 'Government Of Canada Ottawa And Gatineau Offices'])(
    '%s names no municipality',
    (label) => {
      expect(cityFromFsaLabel(label)).toBeUndefined();
    },
  );

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
