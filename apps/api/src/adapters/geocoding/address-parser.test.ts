import { describe, expect, it } from 'vitest';
import { normalizeCanadianPostalCode, parseAddress, tidyWords } from './address-parser.js';

// A few cities stand in for the gazetteer, to split "55 Bloor St W Toronto" without commas.
const known = new Set(['toronto', 'vancouver', 'montreal', 'ottawa', 'west vancouver', 'new york']);
const isCity = (name: string) =>
  known.has(
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase(),
  );
const parse = (text: string) => parseAddress(text, { isCity });

describe('parseAddress: Canadian street addresses', () => {
  it('reads number, street, city, province and postal code', () => {
    expect(parse('100 King St W, Toronto, ON M5X 1A9')).toMatchObject({
      houseNumber: '100',
      street: 'King St W',
      city: 'Toronto',
      region: { code: 'ON', country: 'CA' },
      postalCode: { code: 'M5X 1A9', country: 'CA' },
      country: 'CA',
    });
  });

  it('keeps accents and hyphens of French names', () => {
    expect(parse('1250 René-Lévesque Blvd W, Montréal, QC H3B 4W8')).toMatchObject({
      houseNumber: '1250',
      street: 'René-Lévesque Blvd W',
      city: 'Montréal',
      region: { code: 'QC' },
      postalCode: { code: 'H3B 4W8' },
    });
  });

  it('splits street and city without commas, with or without a province', () => {
    expect(parse('1055 W Georgia St Vancouver BC')).toMatchObject({
      houseNumber: '1055',
      street: 'W Georgia St',
      city: 'Vancouver',
      region: { code: 'BC' },
    });
    expect(parse('55 Bloor St W Toronto')).toMatchObject({ houseNumber: '55', street: 'Bloor St W', city: 'Toronto' });
    expect(parse('55 bloor street west toronto ontario')).toMatchObject({
      street: 'Bloor Street West',
      city: 'Toronto',
      region: { code: 'ON' },
    });
    expect(parse('1000 rue Sainte-Catherine O Montréal')).toMatchObject({
      houseNumber: '1000',
      street: 'Rue Sainte-Catherine O',
      city: 'Montréal',
    });
  });

  it('prefers a known city that starts with a direction word', () => {
    expect(parse('100 Main St West Vancouver')).toMatchObject({ street: 'Main St', city: 'West Vancouver' });
  });

  it('reads a street and city with no province', () => {
    expect(parse('123 Main Street, Ottawa')).toMatchObject({
      houseNumber: '123',
      street: 'Main Street',
      city: 'Ottawa',
    });
    expect(parse('123 Main Street, Ottawa').region).toBeUndefined();
  });

  it('reads units before, after and inside the street line', () => {
    expect(parse('Suite 400, 100 King St W')).toMatchObject({
      unit: 'Suite 400',
      houseNumber: '100',
      street: 'King St W',
    });
    expect(parse('400-100 King St W')).toMatchObject({ unit: 'Unit 400', houseNumber: '100', street: 'King St W' });
    expect(parse('100 King St W, Suite 400, Toronto')).toMatchObject({
      unit: 'Suite 400',
      street: 'King St W',
      city: 'Toronto',
    });
    expect(parse('100 king st w suite 400 toronto on')).toMatchObject({
      unit: 'Suite 400',
      street: 'King St W',
      city: 'Toronto',
      region: { code: 'ON' },
    });
    expect(parse('100 King St W #1200, Toronto')).toMatchObject({
      unit: 'Unit 1200',
      street: 'King St W',
      city: 'Toronto',
    });
  });

  it('reads full province names and a trailing country', () => {
    expect(parse('123 main st, toronto, ontario, canada')).toMatchObject({
      street: 'Main St',
      city: 'Toronto',
      region: { code: 'ON' },
      country: 'CA',
    });
    expect(parse("10 Water St, St. John's, Newfoundland and Labrador A1C 1A1")).toMatchObject({
      street: 'Water St',
      city: "St. John's",
      region: { code: 'NL' },
      postalCode: { code: 'A1C 1A1' },
    });
  });
});

describe('parseAddress: US street addresses', () => {
  it('reads ZIP codes and state codes', () => {
    expect(parse('350 5th Ave, New York, NY 10118')).toMatchObject({
      houseNumber: '350',
      street: '5th Ave',
      city: 'New York',
      region: { code: 'NY', country: 'US' },
      postalCode: { code: '10118', country: 'US' },
    });
  });

  it('reads ZIP+4, full state names and country names', () => {
    expect(parse('1600 Pennsylvania Ave NW, Washington, DC 20500-0003, USA')).toMatchObject({
      houseNumber: '1600',
      street: 'Pennsylvania Ave NW',
      city: 'Washington',
      region: { code: 'DC' },
      postalCode: { code: '20500-0003' },
      country: 'US',
    });
    expect(parse('233 S Wacker Dr, Chicago, Illinois, United States')).toMatchObject({
      street: 'S Wacker Dr',
      city: 'Chicago',
      region: { code: 'IL' },
      country: 'US',
    });
    expect(parse('233 S Wacker Dr, Chicago IL, US')).toMatchObject({
      city: 'Chicago',
      region: { code: 'IL' },
      country: 'US',
    });
  });

  it('treats a five-digit first number as a house number, not a ZIP', () => {
    expect(parse('12345 Main St, Dallas, TX')).toMatchObject({
      houseNumber: '12345',
      street: 'Main St',
      city: 'Dallas',
    });
  });

  it('keeps a state name that is the last part aside, since it may be the city', () => {
    expect(parse('350 5th Ave, New York')).toMatchObject({
      street: '5th Ave',
      region: { code: 'NY' },
      regionText: 'New York',
    });
  });

  it('does not mistake a street type for a state code', () => {
    const p = parse('123 Elm Ct');
    expect(p).toMatchObject({ houseNumber: '123', street: 'Elm Ct' });
    expect(p.region).toBeUndefined();
    expect(parse('123 Georgia').region).toBeUndefined();
  });
});

describe('parseAddress: broad input has no house number or street', () => {
  it.each([
    ['Toronto', { city: 'Toronto' }],
    ['Ontario', { region: { code: 'ON' } }],
    ['NY', { region: { code: 'NY' } }],
    ['Canada', { country: 'CA' }],
    ['United States', { country: 'US' }],
    ['M5X 1A9', { postalCode: { code: 'M5X 1A9' } }],
    ['m5x1a9', { postalCode: { code: 'M5X 1A9' } }],
    ['10118', { postalCode: { code: '10118' } }],
    ['King Street West, Toronto', { street: 'King Street West', city: 'Toronto' }],
  ])('%s', (text, expected) => {
    const p = parse(text);
    expect(p).toMatchObject(expected);
    expect(p.houseNumber).toBeUndefined();
  });

  it('flags post office boxes', () => {
    expect(parse('PO Box 123, Toronto, ON').poBox).toBe(true);
  });

  it('reads a number with no street as no street', () => {
    expect(parse('123').street).toBeUndefined();
  });
});

describe('postal codes and tidying', () => {
  it('normalizes Canadian postal codes and refuses letters Canada Post never uses', () => {
    expect(normalizeCanadianPostalCode('m5x1a9')).toBe('M5X 1A9');
    expect(normalizeCanadianPostalCode('H3B-4W8')).toBe('H3B 4W8');
    expect(normalizeCanadianPostalCode(' k1a 0b1 ')).toBe('K1A 0B1');
    expect(normalizeCanadianPostalCode('D5X 1A9')).toBeUndefined();
    expect(normalizeCanadianPostalCode('M5X 1A')).toBeUndefined();
  });

  it('title-cases words typed in one case and keeps mixed case as typed', () => {
    expect(tidyWords('KING ST W')).toBe('King St W');
    expect(tidyWords('rue de la commune o')).toBe('Rue de la Commune O');
    expect(tidyWords('5TH AVE')).toBe('5th Ave');
    expect(tidyWords("o'connor dr")).toBe("O'Connor Dr");
    expect(tidyWords('McDonald Ave')).toBe('McDonald Ave');
  });
});
