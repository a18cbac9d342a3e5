import type { Country } from '../../ports/geocoder.js';
import { maxRegionWords, regionByCode, regionByName, type Region } from './regions.js';

// Street-address parsing for Canada and the US, written here because US address parsers
// drop Canadian postal codes and provinces (ARCHITECTURE.md, toolchain notes). Pure: the
// gazetteer is consulted only through the optional isCity hook, to split a street from a
// city when no comma separates them ("55 Bloor St W Toronto").

export interface ParsedAddress {
  /** "Suite 400", "Unit 12": kept out of address1 (the forms have address2 for it) */
  unit?: string;
  houseNumber?: string;
  /** street name without the number, tidied: "King St W" */
  street?: string;
  /** the city as typed (possibly partial while the user is typing) */
  city?: string;
  region?: Region;
  /** set when the region was a lone full name that can also be a city ("New York") */
  regionText?: string;
  /** normalized: "M5X 1A9" (CA) or "10118" / "10118-1234" (US) */
  postalCode?: { code: string; country: Country };
  country?: Country;
  poBox: boolean;
}

export interface ParseOptions {
  /** true when the text names a city the caller knows (accent- and case-insensitive) */
  isCity?: (name: string) => boolean;
}

// Canada Post never uses D, F, I, O, Q, U; W and Z never start a postal code.
const CA_POSTAL = /\b([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])[ -]?(\d[ABCEGHJ-NPRSTV-Z]\d)\b/gi;
const US_ZIP = /^(\d{5})(?:-(\d{4}))?$/;
const COUNTRY_SUFFIX =
  /(?:^|[\s,])(canada|can|usa|u\.s\.a\.?|u\.s\.?|us|united states(?: of america)?|america|[ée]tats[- ]unis)\.?$/i;
const UNIT_ALONE = /^(?:(suite|ste|unit|apt|apartment|bureau|room|rm|floor|fl|office)\.?\s*#?\s*|#\s*)([a-z0-9-]+)$/i;
const UNIT_TRAILING =
  /\s+(?:(suite|ste|unit|apt|apartment|bureau|room|rm|floor|fl|office)\.?\s*#?\s*|#\s*)([a-z0-9-]+)$/i;
const PO_BOX = /^(?:p\.?\s*o\.?\s*box|post office box|c\.?\s*p\.?\s+\d|case postale)\b/i;

/** Street types that end a street name ("King St", "Main Street"), in English and French. */
const STREET_TYPES = new Set([
  'st',
  'street',
  'ave',
  'av',
  'avenue',
  'blvd',
  'boul',
  'boulevard',
  'rd',
  'road',
  'dr',
  'drive',
  'way',
  'ln',
  'lane',
  'ct',
  'crt',
  'court',
  'cres',
  'crescent',
  'cr',
  'pl',
  'place',
  'pkwy',
  'parkway',
  'hwy',
  'highway',
  'ter',
  'terr',
  'terrace',
  'trl',
  'trail',
  'cir',
  'circle',
  'sq',
  'square',
  'cv',
  'cove',
  'gdns',
  'gardens',
  'gate',
  'gt',
  'grv',
  'grove',
  'hts',
  'heights',
  'line',
  'pt',
  'point',
  'pike',
  'plz',
  'plaza',
  'row',
  'run',
  'loop',
  'mall',
  'mews',
  'path',
  'pass',
  'expy',
  'expressway',
  'fwy',
  'freeway',
  'tpke',
  'turnpike',
  'walk',
  'alley',
  'aly',
  'close',
  'common',
  'concession',
  'conc',
  'rue',
  'chemin',
  'ch',
  'route',
  'rte',
  'rang',
  'montee',
  'côte',
  'cote',
  'promenade',
  'prom',
  'esplanade',
  'sideroad',
  'quay',
  'wharf',
  'landing',
  'green',
  'park',
  'pk',
  'centre',
  'center',
  'ctr',
]);
/** French street types come before the name ("rue Sainte-Catherine"). */
const PREFIX_TYPES = new Set([
  'rue',
  'boulevard',
  'boul',
  'avenue',
  'av',
  'chemin',
  'ch',
  'route',
  'rte',
  'rang',
  'montee',
  'côte',
  'cote',
  'promenade',
  'place',
  'esplanade',
]);
const DIRECTIONS = new Set([
  'n',
  's',
  'e',
  'w',
  'o',
  'ne',
  'nw',
  'se',
  'sw',
  'no',
  'so',
  'north',
  'south',
  'east',
  'west',
  'nord',
  'sud',
  'est',
  'ouest',
]);
const SHORT_DIRECTIONS = new Set(['n', 's', 'e', 'w', 'o', 'ne', 'nw', 'se', 'sw', 'no', 'so']);
const LOWER_WORDS = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'of', 'the', 'and', 'et', 'sur', 'en', 'au', 'aux']);

/** "m5x1a9" -> "M5X 1A9"; undefined when not a Canadian postal code. */
export function normalizeCanadianPostalCode(text: string): string | undefined {
  CA_POSTAL.lastIndex = 0;
  const m = CA_POSTAL.exec(text.trim());
  if (!m || m[0].length !== text.trim().length) return undefined;
  return `${m[1]!.toUpperCase()} ${m[2]!.toUpperCase()}`;
}

/** Title case for words typed all in lower or upper case; mixed case ("McDonald", "René-Lévesque") stays. */
export function tidyWords(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.map((w, i) => tidyWord(w, i === 0)).join(' ');
}

function tidyWord(word: string, first: boolean): string {
  const lower = word.toLowerCase();
  if (/^\d/.test(word)) return lower; // 5th, 12b
  if (!first && SHORT_DIRECTIONS.has(lower.replace(/\.$/, ''))) return word.toUpperCase();
  const isMixed = word !== lower && word !== word.toUpperCase();
  if (isMixed) return word;
  if (!first && LOWER_WORDS.has(lower)) return lower;
  return lower
    .split('-')
    .map((part, i) => {
      if (i > 0 && LOWER_WORDS.has(part)) return part;
      // O'Connor, L'Île, D'Arcy; but John's
      const apostrophe = /^([a-z])['’]([a-z]{2,})$/.exec(part);
      if (apostrophe) return `${apostrophe[1]!.toUpperCase()}'${capitalize(apostrophe[2]!)}`;
      return capitalize(part);
    })
    .join('-');
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function bare(word: string): string {
  return word.toLowerCase().replace(/\.$/, '');
}

function isUpperCaseCode(word: string): boolean {
  return /^[A-Z]{2}$/.test(word);
}

export function parseAddress(input: string, options: ParseOptions = {}): ParsedAddress {
  const result: ParsedAddress = { poBox: false };
  let text = input
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;]+|[\s,;.]+$/g, '');

  // Country at the end ("..., Canada", "... USA").
  const country = COUNTRY_SUFFIX.exec(text);
  if (country) {
    const word = country[1]!.toLowerCase();
    result.country = word.startsWith('can') ? 'CA' : 'US';
    text = text.slice(0, country.index).replace(/[\s,;]+$/, '');
  }

  // Canadian postal code anywhere (the last one wins), then a US ZIP as the last token.
  let postal: RegExpExecArray | null = null;
  CA_POSTAL.lastIndex = 0;
  for (let m = CA_POSTAL.exec(text); m; m = CA_POSTAL.exec(text)) postal = m;
  if (postal) {
    result.postalCode = { code: `${postal[1]!.toUpperCase()} ${postal[2]!.toUpperCase()}`, country: 'CA' };
    text = (text.slice(0, postal.index) + text.slice(postal.index + postal[0].length)).replace(/\s+/g, ' ');
    text = text.replace(/\s*,\s*(,\s*)+/g, ', ').replace(/^[\s,;]+|[\s,;]+$/g, '');
  } else {
    const tokens = text.split(/[\s,]+/);
    const last = tokens[tokens.length - 1] ?? '';
    const zip = US_ZIP.exec(last);
    // "12345 Main St" starts with a number of five digits: only a trailing token is a ZIP.
    if (zip) {
      result.postalCode = { code: zip[2] ? `${zip[1]}-${zip[2]}` : zip[1]!, country: 'US' };
      text = text.slice(0, text.length - last.length).replace(/[\s,;]+$/, '');
    }
  }
  if (result.postalCode && !result.country) result.country = result.postalCode.country;

  let segments = text
    .split(/\s*[,;]\s*/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (segments.length === 0) return result;
  if (PO_BOX.test(segments[0]!)) result.poBox = true;

  // Units in a segment of their own: "Suite 400, 100 King St W" or "100 King St W, Suite 400, Toronto".
  const kept: string[] = [];
  for (const segment of segments) {
    const unit = UNIT_ALONE.exec(segment);
    if (unit && !result.unit && !/^\d+\s/.test(segment)) result.unit = formatUnit(unit[1], unit[2]!);
    else kept.push(segment);
  }
  segments = kept;
  if (segments.length === 0) return result;

  takeRegion(segments, result, options);
  if (segments.length === 0) return result;

  // The street line: "[unit-]number street".
  let streetLine = segments[0]!;
  const trailingUnit = UNIT_TRAILING.exec(streetLine);
  if (trailingUnit && !result.unit) {
    result.unit = formatUnit(trailingUnit[1], trailingUnit[2]!);
    streetLine = streetLine.slice(0, trailingUnit.index);
  }
  const unitNumber = /^([a-z]?\d+[a-z]?)\s*-\s*(\d+[a-z]?)\s+(.+)$/i.exec(streetLine);
  const numbered = /^#?(\d+[a-z]?(?:\s+\d\/\d)?)\b[\s,]*(.*)$/i.exec(streetLine);
  let rest: string;
  if (unitNumber) {
    result.unit ??= `Unit ${unitNumber[1]!.toUpperCase()}`;
    result.houseNumber = unitNumber[2]!.toUpperCase();
    rest = unitNumber[3]!;
  } else if (numbered) {
    result.houseNumber = numbered[1]!.toUpperCase();
    rest = numbered[2]!;
  } else {
    rest = streetLine;
  }

  if (segments.length > 1) {
    // The city is the last remaining segment ("100 King St W, Financial District, Toronto").
    result.city = tidyCity(segments[segments.length - 1]!);
    if (rest) result.street = tidyWords(rest);
  } else if (!result.houseNumber && options.isCity?.(rest)) {
    result.city = tidyCity(rest); // "Toronto": a city alone
  } else {
    const { street, city } = splitStreetAndCity(rest, options);
    if (street) result.street = tidyWords(street);
    // "100 King St W Suite 400 Toronto": the unit sits between the street and the city.
    const unitFirst = city
      ? /^(?:(suite|ste|unit|apt|apartment|bureau|room|rm|floor|fl|office)\.?\s*#?\s*|#\s*)([a-z0-9-]+)(?:\s+(.*))?$/i.exec(
          city,
        )
      : null;
    if (unitFirst) {
      result.unit ??= formatUnit(unitFirst[1], unitFirst[2]!);
      if (unitFirst[3]) result.city = tidyCity(unitFirst[3]);
    } else if (city) {
      result.city = tidyCity(city);
    }
  }
  return result;
}

function formatUnit(kind: string | undefined, value: string): string {
  const k = (kind ?? '').toLowerCase();
  const label =
    k === 'ste' || k === 'suite'
      ? 'Suite'
      : k === 'apt' || k === 'apartment'
        ? 'Apt'
        : k === 'bureau'
          ? 'Bureau'
          : k === 'room' || k === 'rm'
            ? 'Room'
            : k === 'floor' || k === 'fl'
              ? 'Floor'
              : k === 'office'
                ? 'Office'
                : 'Unit';
  return `${label} ${value.toUpperCase()}`;
}

function tidyCity(city: string): string {
  return tidyWords(city.replace(/\.$/, ''));
}

/** Takes a province/state off the end of the last segment, in place. */
function takeRegion(segments: string[], result: ParsedAddress, options: ParseOptions): void {
  const lastIndex = segments.length - 1;
  const last = segments[lastIndex]!;
  const whole = /^[a-z]{2}\.?$/i.test(last) ? regionByCode(last.replace(/\.$/, '')) : regionByName(last);
  if (whole && lastIndex > 0) {
    result.region = whole;
    if (!/^[a-z]{2}\.?$/i.test(last)) result.regionText = last;
    segments.pop();
    return;
  }
  if (whole && lastIndex === 0) {
    // The whole input is a region ("Ontario", "NY"): broad, nothing else to read.
    result.region = whole;
    result.regionText = last;
    segments.pop();
    return;
  }
  const words = last.split(' ');
  if (words.length < 2) return;
  for (let n = Math.min(maxRegionWords, words.length - 1); n >= 1; n--) {
    const tail = words.slice(words.length - n);
    const before = words.slice(0, words.length - n);
    const tailText = tail.join(' ');
    let region: Region | undefined;
    if (n === 1 && /^[a-z]{2}\.?$/i.test(tailText)) {
      const code = regionByCode(tailText.replace(/\.$/, ''));
      // A two-letter word is a region when written in capitals, or when a known city precedes it
      // ("toronto on"); "123 Elm Ct" keeps its Court.
      const cityBefore = endsWithCity(before, options);
      if (code && (isUpperCaseCode(tailText.replace(/\.$/, '')) || cityBefore)) region = code;
    } else if (!/^[a-z]{2}$/i.test(tailText)) {
      region = regionByName(tailText);
    }
    if (!region) continue;
    // In the street line itself, a region must follow a street type or a city
    // ("1055 W Georgia St Vancouver BC"), so "123 Georgia" is not the state.
    const hasStreetType = before.some((w, i) => i > 0 && STREET_TYPES.has(bare(w)));
    const startsWithNumber = /^#?\d/.test(before[0] ?? '');
    if (lastIndex === 0 && !hasStreetType && (startsWithNumber || !endsWithCity(before, options))) {
      continue;
    }
    result.region = region;
    segments[lastIndex] = before.join(' ');
    return;
  }
}

function endsWithCity(words: string[], options: ParseOptions): boolean {
  if (!options.isCity) return false;
  for (let k = Math.min(4, words.length); k >= 1; k--) {
    if (options.isCity(words.slice(words.length - k).join(' '))) return true;
  }
  return false;
}

/** "King St W Toronto" -> street "King St W", city "Toronto"; "rue Sainte-Catherine O Montréal" too. */
function splitStreetAndCity(rest: string, options: ParseOptions): { street?: string; city?: string } {
  const words = rest.split(' ').filter(Boolean);
  if (words.length === 0) return {};
  // The last street type that has a name before it (or is a French type that comes first).
  let typeIndex = -1;
  for (let i = words.length - 1; i >= 0; i--) {
    const w = bare(words[i]!);
    if (!STREET_TYPES.has(w)) continue;
    if (i > 0 || (PREFIX_TYPES.has(w) && words.length > 1)) {
      typeIndex = i;
      break;
    }
  }
  const isCity = options.isCity;
  const cityFromTail = (from: number): { street: string; city?: string } => {
    // Longest known city at the end, leaving at least one word of street name.
    if (isCity) {
      for (let start = Math.max(from, words.length - 5); start < words.length; start++) {
        const candidate = words.slice(start).join(' ');
        if (start >= 1 && isCity(candidate)) return { street: words.slice(0, start).join(' '), city: candidate };
      }
    }
    return { street: words.join(' ') };
  };

  if (typeIndex === -1) return cityFromTail(1);
  if (typeIndex === 0 || (PREFIX_TYPES.has(bare(words[typeIndex]!)) && typeIndex <= 1)) {
    // French order: the name follows the type, so only a known city can end it.
    return cityFromTail(typeIndex + 2);
  }
  let end = typeIndex + 1;
  const next = words[end];
  if (next && DIRECTIONS.has(bare(next))) {
    const remainder = words.slice(end).join(' ');
    // "100 Main St West Vancouver": a known city that starts with the direction wins.
    const directionStartsCity = !SHORT_DIRECTIONS.has(bare(next)) && isCity !== undefined && isCity(remainder);
    if (!directionStartsCity) end += 1;
  }
  const street = words.slice(0, end).join(' ');
  const city = words.slice(end).join(' ');
  return city ? { street, city } : { street };
}
