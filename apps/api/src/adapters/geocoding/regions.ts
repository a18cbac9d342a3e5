import type { Country } from '../../ports/geocoder.js';

// Canadian provinces/territories and US states (+ DC): the only regions Caterway serves
// (spec: browse-account-orders §2, "Address suggestions are limited to street addresses
// in Canada and the US").
export interface Region {
  code: string;
  name: string;
  country: Country;
}

const provinces: Array<[string, string]> = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
];

const states: Array<[string, string]> = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

export const regions: readonly Region[] = [
  ...provinces.map(([code, name]) => ({ code, name, country: 'CA' as const })),
  ...states.map(([code, name]) => ({ code, name, country: 'US' as const })),
];

/** Folds a name for comparison: no accents, lower case, punctuation as spaces. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const byCode = new Map(regions.map((r) => [r.code, r]));
const byName = new Map<string, Region>(regions.map((r) => [fold(r.name), r]));
// Other spellings people type (and that data sources use).
for (const [alias, code] of [
  ['quebec', 'QC'],
  ['québec', 'QC'],
  ['newfoundland', 'NL'],
  ['labrador', 'NL'],
  ['pei', 'PE'],
  ['northwest territory', 'NT'],
  ['nunavut territory', 'NU'],
  ['yukon territory', 'YT'],
  ['washington dc', 'DC'],
  ['washington d c', 'DC'],
  ['d c', 'DC'],
  // older or postal abbreviations still seen in addresses
  ['pq', 'QC'],
  ['nf', 'NL'],
  ['yk', 'YT'],
] as const) {
  byName.set(fold(alias), byCode.get(code)!);
}

/** The longest region name has this many words ("Newfoundland and Labrador"). */
export const maxRegionWords = 3;

export function regionByCode(code: string): Region | undefined {
  return byCode.get(code.toUpperCase());
}

/** A full name or an alias (not a two-letter code). */
export function regionByName(name: string): Region | undefined {
  return byName.get(fold(name));
}

/**
 * Province of a Canadian forward sortation area (first three characters of a postal code),
 * from Canada Post's allocation of first letters. X is shared: X0A, X0B and X0C are Nunavut.
 */
export function provinceForFsa(fsa: string): string | undefined {
  const upper = fsa.toUpperCase();
  switch (upper.charAt(0)) {
    case 'A':
      return 'NL';
    case 'B':
      return 'NS';
    case 'C':
      return 'PE';
    case 'E':
      return 'NB';
    case 'G':
    case 'H':
    case 'J':
      return 'QC';
    case 'K':
    case 'L':
    case 'M':
    case 'N':
    case 'P':
      return 'ON';
    case 'R':
      return 'MB';
    case 'S':
      return 'SK';
    case 'T':
      return 'AB';
    case 'V':
      return 'BC';
    case 'X':
      return /^X0[ABC]/.test(upper) ? 'NU' : 'NT';
    case 'Y':
      return 'YT';
    default:
      return undefined;
  }
}
