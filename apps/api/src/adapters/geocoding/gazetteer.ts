import { createRequire } from 'node:module';
import type { Country } from '../../ports/geocoder.js';
import { fold, provinceForFsa, regionByCode } from './regions.js';

// The offline gazetteer: postal-code and city centroids for Canada and the US, built once,
// lazily, from the `zipcodes` npm package (BSD licence; ~42,500 US ZIP centroids and
// ~1,620 Canadian forward sortation areas, FSAs). Its Canadian rows need cleaning:
// - provinces are sometimes a county or town name ("Quispamsis", "Addington County"), so
//   the province always comes from the FSA's first letter (Canada Post's allocation);
// - names are FSA labels ("Downtown Toronto (Rosedale)", "Quebec City East", "Eastern
//   Alberta (St. Paul)") with accents lost to U+FFFD in ~90 rows; a city name is derived
//   from each label and the accents repaired below.
// City centroids are the median of their postal centroids (robust to a stray row), or,
// for the big cities people type without a street address nearby, their downtown.

export interface PostalPlace {
  /** "M5X" (a Canadian FSA) or "10118" */
  code: string;
  country: Country;
  province: string;
  latitude: number;
  longitude: number;
  /** the municipality the postal code belongs to, when the data names one */
  city?: CityPlace;
}

export interface CityPlace {
  name: string;
  province: string;
  country: Country;
  latitude: number;
  longitude: number;
  /** number of postal codes (FSAs count double: one FSA covers about two ZIPs' population) */
  weight: number;
  /** the postal code (FSA or ZIP) nearest the centroid, used when the user gave none */
  zip: string;
}

/** The postal place nearest a point (reverse geocoding), with the municipality it names. */
export interface NearestPostal {
  postal: PostalPlace;
  country: Country;
  province: string;
  /** the postal place's city, or the nearest city of its province when its label names only a region */
  city: string;
  /** great-circle distance from the point to the postal centroid */
  distanceKm: number;
}

/** Beyond this distance from every postal centroid a point is taken to be outside Canada and the US. */
export const NEAREST_POSTAL_MAX_KM = 50;

export interface CityQuery {
  province?: string;
  country?: Country;
}

export interface Gazetteer {
  /** "M5X 1A9", "m5x1a9", "M5X", "10118", "10118-1234" */
  postal(code: string): PostalPlace | undefined;
  /** The best city of that name (accent- and case-insensitive; St/Saint and aliases like NYC). */
  findCity(name: string, where?: CityQuery): CityPlace | undefined;
  isCity(name: string): boolean;
  /** Cities whose name starts with the text, biggest first (with no text: the biggest of the province). */
  citiesByPrefix(prefix: string, where: CityQuery & { limit: number }): CityPlace[];
  /** The biggest Canadian and US cities, for suggestions before a city is typed. */
  majorCities(limit: number, where?: CityQuery): CityPlace[];
  /** The city nearest a point in a province (for an FSA whose label names only a region). */
  nearestCity(latitude: number, longitude: number, province: string): CityPlace | undefined;
  /**
   * The postal place (US ZIP or Canadian FSA centroid) nearest a point, or undefined when none
   * is within maxKm (default NEAREST_POSTAL_MAX_KM): the point is outside Canada and the US.
   * Near a border the nearest centroid can lie across it; a centroid is only a centroid.
   */
  nearestPostal(latitude: number, longitude: number, maxKm?: number): NearestPostal | undefined;
  readonly size: { cities: number; postalCodes: number };
}

interface ZipRow {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

/** Downtown coordinates of the big cities, in the order suggestions offer them. */
const MAJOR_CITIES: Array<[name: string, province: string, latitude: number, longitude: number]> = [
  ['Toronto', 'ON', 43.6532, -79.3832],
  ['Montréal', 'QC', 45.5019, -73.5674],
  ['Vancouver', 'BC', 49.2827, -123.1207],
  ['New York', 'NY', 40.7128, -74.006],
  ['Calgary', 'AB', 51.0447, -114.0719],
  ['Chicago', 'IL', 41.8781, -87.6298],
  ['Ottawa', 'ON', 45.4215, -75.6972],
  ['Los Angeles', 'CA', 34.0522, -118.2437],
  ['Edmonton', 'AB', 53.5461, -113.4938],
  ['Boston', 'MA', 42.3601, -71.0589],
  ['Mississauga', 'ON', 43.589, -79.6441],
  ['San Francisco', 'CA', 37.7749, -122.4194],
  ['Winnipeg', 'MB', 49.8951, -97.1384],
  ['Seattle', 'WA', 47.6062, -122.3321],
  ['Québec', 'QC', 46.8139, -71.208],
  ['Washington', 'DC', 38.9072, -77.0369],
  ['Hamilton', 'ON', 43.2557, -79.8711],
  ['Houston', 'TX', 29.7604, -95.3698],
  ['Halifax', 'NS', 44.6488, -63.5752],
  ['Philadelphia', 'PA', 39.9526, -75.1652],
  ['Dallas', 'TX', 32.7767, -96.797],
  ['Miami', 'FL', 25.7617, -80.1918],
  ['Atlanta', 'GA', 33.749, -84.388],
  ['Denver', 'CO', 39.7392, -104.9903],
  ['Phoenix', 'AZ', 33.4484, -112.074],
];

/** Canadian amalgamated cities whose FSAs are labelled by borough or former municipality. */
function metroCity(fsa: string): string | undefined {
  if (fsa.startsWith('M')) return 'Toronto';
  if (/^H[1-5]/.test(fsa)) return 'Montréal';
  if (fsa.startsWith('H7')) return 'Laval';
  if (/^K[12]/.test(fsa)) return 'Ottawa';
  if (/^G[12]/.test(fsa)) return 'Québec';
  return undefined;
}

/** Words whose accents the data lost (U+FFFD), as they are spelled. */
const ACCENT_REPAIRS: Array<[RegExp, string]> = [
  [/Ad\uFFFDle/gi, 'Adèle'], // before the Île rule, which would match its end
  [/Qu\uFFFDbec/gi, 'Québec'],
  [/Gasp\uFFFD/gi, 'Gaspé'],
  [/Chaudi\uFFFDre/gi, 'Chaudière'],
  [/R\uFFFDgion/gi, 'Région'],
  [/\uFFFDmile/gi, 'Émile'],
  [/B\uFFFDlair/gi, 'Bélair'],
  [/\uFFFDles/gi, 'Îles'],
  [/\uFFFDle/gi, 'Île'],
  [/L\uFFFDvis/gi, 'Lévis'],
  [/Laterri\uFFFDre/gi, 'Laterrière'],
  [/Jonqui\uFFFDre/gi, 'Jonquière'],
  [/M\uFFFDtabetchouan/gi, 'Métabetchouan'],
  [/F\uFFFDlicien/gi, 'Félicien'],
  [/H\uFFFDbertville/gi, 'Hébertville'],
  [/Rivi\uFFFDres/gi, 'Rivières'],
  [/Rivi\uFFFDre/gi, 'Rivière'],
  [/M\uFFFDre/gi, 'Mère'],
  [/L\uFFFDonard/gi, 'Léonard'],
  [/C\uFFFDte/gi, 'Côte'],
  [/Gr\uFFFDce/gi, 'Grâce'],
  [/\uFFFDmard/gi, 'Émard'],
  [/Fran\uFFFDois/gi, 'François'],
  [/Doroth\uFFFDe/gi, 'Dorothée'],
  [/Genevi\uFFFDve/gi, 'Geneviève'],
  [/Mont\uFFFDr\uFFFDgie/gi, 'Montérégie'],
  [/Lanaudi\uFFFDre/gi, 'Lanaudière'],
  [/T\uFFFDmiscamingue/gi, 'Témiscamingue'],
  [/J\uFFFDr\uFFFDme/gi, 'Jérôme'],
  [/\uFFFDpiphanie/gi, 'Épiphanie'],
  [/Ch\uFFFDteauguay/gi, 'Châteauguay'],
  [/Th\uFFFDr\uFFFDse/gi, 'Thérèse'],
  [/Pel\uFFFD/gi, 'Pelé'],
  [/Lam\uFFFDque/gi, 'Lamèque'],
];

/** A whole FSA label that names a region, not a municipality ("Western Newfoundland", "Red Deer County"). */
const REGION_LABEL =
  /\b(r[ée]gion|county|counties|district|territory|territories|reserved|government|regional|municipality|eastern|western|northern|southern|peninsula|mainland|subdivisions|enclave|rcm)\b|-(nord|sud|est|ouest)\b|\b(stn|po box(es)?)\b/i;
/** The part before parentheses names a region ("Eastern Alberta (St. Paul)", "Outer Nunavut (Iqaluit)"). */
const REGIONISH =
  /\b(region|r[ée]gion|county|counties|district|outer|remote|border|country|peninsula|coast|valley|islands|shore|foothills|eastern|western|northern|southern|northeastern|northwestern|southeastern|southwestern|territory|reserved|government|provincial|offices|area|highlands|kootenays|okanagan|cariboo|interior|capitale|laurentides|lanaudi[èe]re|mont[ée]r[ée]gie|mauricie|estrie|outaouais|abitibi|gasp[ée]sie|chaudi[èe]re|bas-saint|saguenay|c[ôo]te-nord|centre-du|appalaches|manicouagan|isthmus|avalon|alberta|ontario|manitoba|saskatchewan|columbia|nunavut|newfoundland|labrador|brunswick|scotia|yukon)\b/i;
const TRAILING_PARTS = new Set([
  'north',
  'south',
  'east',
  'west',
  'central',
  'northeast',
  'northwest',
  'southeast',
  'southwest',
  'inner',
  'outer',
  'region',
  'extremities',
  'outskirts',
  'mid-riverbank',
  'riverbank',
  'lower',
  'upper',
  'harbour',
  '&',
  'and',
  'suburbs',
  'downtown',
]);
const LOWER_PARTS = new Set([
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'sur',
  'en',
  'et',
  'a',
  'au',
  'aux',
  'of',
  'and',
  'the',
]);

function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/-\s+/g, '-')
    .split(' ')
    .map((word, wi) =>
      word
        .split('-')
        .map((part, pi) => {
          if ((wi > 0 || pi > 0) && LOWER_PARTS.has(part)) return part;
          const elided = /^([ld])['’](.+)$/.exec(part);
          if (elided) {
            const article = wi > 0 || pi > 0 ? elided[1]! : elided[1]!.toUpperCase(); // L'Île, Val-d'Or
            return `${article}'${elided[2]!.charAt(0).toUpperCase()}${elided[2]!.slice(1)}`;
          }
          const mc = /^mc(\w)(.*)$/.exec(part); // McMurray, McAdam
          if (mc) return `Mc${mc[1]!.toUpperCase()}${mc[2]}`;
          return part.charAt(0).toUpperCase() + part.slice(1);
        })
        .join('-'),
    )
    .join(' ');
}

/** The municipality an FSA label names, or undefined when it names only a region. */
export function cityFromFsaLabel(label: string): string | undefined {
  let text = label;
  for (const [pattern, replacement] of ACCENT_REPAIRS) text = text.replace(pattern, replacement);
  if (text.includes('\uFFFD') || /^(reserved|government|place |tour )/i.test(text)) return undefined;
  text = text.replace(
    /\s+(?:(?:Prince Edward Island|Nova Scotia|New Brunswick|Newfoundland & Labrador|Saskatchewan|British Columbia|Ontario|Manitoba|Quebec)\s+)?Provincial Government$/i,
    '',
  );
  const paren = /^(.*?)\s*\((.*?)\)/.exec(text);
  let name = paren ? paren[1]!.trim() : text.trim();
  if (paren && (REGIONISH.test(name) || REGION_LABEL.test(name))) {
    const inner = paren[2]!.trim();
    if (!inner || inner.includes('/')) return undefined;
    name = inner;
  } else if (REGION_LABEL.test(name)) {
    return undefined;
  }
  name = name.replace(/^(downtown|old)\s+/i, '');
  const words = name.split(/\s+/);
  while (words.length > 1 && TRAILING_PARTS.has(words[words.length - 1]!.toLowerCase())) words.pop();
  name = words.join(' ');
  if (/^quebec city$/i.test(name) || /^quebec$/i.test(name)) return 'Québec';
  if (/^montreal$/i.test(name)) return 'Montréal';
  return name ? titleCase(name) : undefined;
}

/** Lookup key: folded, with St/Ste/Mt/Ft spelled out ("St. John's" = "Saint Johns"). */
export function cityKey(name: string): string {
  const key = fold(name)
    .split(' ')
    .map((t) => (t === 'st' ? 'saint' : t === 'ste' ? 'sainte' : t === 'mt' ? 'mount' : t === 'ft' ? 'fort' : t))
    .join(' ');
  return CITY_ALIASES.get(key) ?? key;
}

const CITY_ALIASES = new Map<string, string>([
  ['nyc', 'new york'],
  ['new york city', 'new york'],
  ['manhattan', 'new york'],
  ['quebec city', 'quebec'],
  ['ville de quebec', 'quebec'],
  ['washington dc', 'washington'],
  ['washington d c', 'washington'],
  ['philly', 'philadelphia'],
]);

interface Builder {
  name: string;
  nameVotes: Map<string, number>;
  province: string;
  country: Country;
  lats: number[];
  lons: number[];
  codes: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function squaredDistance(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const dLat = aLat - bLat;
  const dLon = (aLon - bLon) * Math.cos((aLat * Math.PI) / 180);
  return dLat * dLat + dLon * dLon;
}

const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_KM;

function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((bLat - aLat) * rad) / 2) ** 2 +
    Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(((bLon - aLon) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Where a postal centroid of each country can plausibly be. A few rows of the data are not:
 * ZIP 10200 has its longitude's sign lost (Kyrgyzstan), 96898 is Wake Island filed under HI,
 * and the reserved FSA H0H sits on the North Pole. They stay in postal() (a typed code is still
 * that code) but never answer "where is this point".
 */
const ENVELOPES: Record<Country, { minLat: number; maxLat: number; minLon: number; maxLon: number }> = {
  CA: { minLat: 41.5, maxLat: 84, minLon: -142, maxLon: -52 },
  US: { minLat: 18.5, maxLat: 72, minLon: -180, maxLon: -66 },
};

/** Grid cell size of the nearest-postal index, in degrees (about 28 km north-south). */
const CELL_DEGREES = 0.25;
const GRID_COLUMNS = 360 / CELL_DEGREES;
const GRID_ROWS = 180 / CELL_DEGREES;

/**
 * A coarse grid over the postal centroids, built once on the first reverse lookup: each
 * query scans only the cells its search radius touches (a few hundred centroids in a city,
 * none at sea) instead of all ~44,000.
 */
interface PostalGrid {
  places: PostalPlace[];
  latitudes: Float64Array;
  longitudes: Float64Array;
  /** cell id (row * GRID_COLUMNS + column) -> [start, end) into order */
  cells: Map<number, [number, number]>;
  /** indexes into places, grouped by cell */
  order: Int32Array;
}

const gridRow = (latitude: number) => Math.min(GRID_ROWS - 1, Math.max(0, Math.floor((latitude + 90) / CELL_DEGREES)));
const gridColumn = (longitude: number) =>
  ((Math.floor((longitude + 180) / CELL_DEGREES) % GRID_COLUMNS) + GRID_COLUMNS) % GRID_COLUMNS;

function buildPostalGrid(all: Iterable<PostalPlace>): PostalGrid {
  const places: PostalPlace[] = [];
  for (const p of all) {
    const e = ENVELOPES[p.country];
    if (p.latitude >= e.minLat && p.latitude <= e.maxLat && p.longitude >= e.minLon && p.longitude <= e.maxLon)
      places.push(p);
  }
  const latitudes = Float64Array.from(places, (p) => p.latitude);
  const longitudes = Float64Array.from(places, (p) => p.longitude);
  const cellOf = Int32Array.from(places, (p) => gridRow(p.latitude) * GRID_COLUMNS + gridColumn(p.longitude));
  const order = Int32Array.from(places.keys()).sort((a, b) => cellOf[a]! - cellOf[b]!);
  const cells = new Map<number, [number, number]>();
  for (let i = 0; i < order.length;) {
    const cell = cellOf[order[i]!]!;
    let j = i + 1;
    while (j < order.length && cellOf[order[j]!] === cell) j++;
    cells.set(cell, [i, j]);
    i = j;
  }
  return { places, latitudes, longitudes, cells, order };
}

/** Index (into grid.places) of the centroid nearest the point within maxKm, or -1. */
function nearestInGrid(
  grid: PostalGrid,
  latitude: number,
  longitude: number,
  maxKm: number,
): { index: number; km: number } {
  const rad = Math.PI / 180;
  const latSpan = maxKm / KM_PER_DEGREE;
  // A degree of longitude is shortest at the poleward edge of the search box.
  const edgeCos = Math.cos(Math.min(90, Math.abs(latitude) + latSpan) * rad);
  const lonSpan = edgeCos > 1e-9 ? latSpan / edgeCos : 360;
  const firstRow = gridRow(latitude - latSpan);
  const lastRow = gridRow(latitude + latSpan);
  const wholeCircle = lonSpan >= 180;
  const firstColumn = wholeCircle ? 0 : gridColumn(longitude - lonSpan);
  const columns = wholeCircle
    ? GRID_COLUMNS
    : Math.min(
        GRID_COLUMNS,
        Math.floor((longitude + lonSpan + 180) / CELL_DEGREES) -
          Math.floor((longitude - lonSpan + 180) / CELL_DEGREES) +
          1,
      );
  // Rank by an equirectangular distance (exact enough within the radius), then check the winner.
  const cos = Math.cos(latitude * rad);
  let best = -1;
  let bestSquared = Infinity;
  for (let row = firstRow; row <= lastRow; row++) {
    for (let k = 0; k < columns; k++) {
      const span = grid.cells.get(row * GRID_COLUMNS + ((firstColumn + k) % GRID_COLUMNS));
      if (!span) continue;
      for (let i = span[0]; i < span[1]; i++) {
        const index = grid.order[i]!;
        const dLat = grid.latitudes[index]! - latitude;
        let dLon = Math.abs(grid.longitudes[index]! - longitude);
        if (dLon > 180) dLon = 360 - dLon;
        const squared = dLat * dLat + dLon * cos * (dLon * cos);
        if (squared < bestSquared) {
          bestSquared = squared;
          best = index;
        }
      }
    }
  }
  if (best < 0) return { index: -1, km: Infinity };
  const km = distanceKm(latitude, longitude, grid.latitudes[best]!, grid.longitudes[best]!);
  return km <= maxKm ? { index: best, km } : { index: -1, km };
}

function build(usRows: ZipRow[], caRows: ZipRow[]): Gazetteer {
  const builders = new Map<string, Builder>();
  const postalCity = new Map<string, Builder>();
  const postal = new Map<string, PostalPlace>();

  const add = (name: string, province: string, country: Country, row: ZipRow, primary: boolean) => {
    const id = `${cityKey(name)}|${province}`;
    let b = builders.get(id);
    if (!b) {
      b = { name, nameVotes: new Map(), province, country, lats: [], lons: [], codes: [] };
      builders.set(id, b);
    }
    b.nameVotes.set(name, (b.nameVotes.get(name) ?? 0) + 1);
    b.lats.push(row.latitude);
    b.lons.push(row.longitude);
    b.codes.push(row.zip);
    if (primary) postalCity.set(row.zip, b);
  };

  for (const row of usRows) {
    if (!regionByCode(row.state) || regionByCode(row.state)!.country !== 'US') continue; // APO/FPO, territories
    if (
      !Number.isFinite(row.latitude) ||
      !Number.isFinite(row.longitude) ||
      (row.latitude === 0 && row.longitude === 0)
    )
      continue;
    postal.set(row.zip, {
      code: row.zip,
      country: 'US',
      province: row.state,
      latitude: row.latitude,
      longitude: row.longitude,
    });
    add(row.city, row.state, 'US', row, true);
  }
  for (const row of caRows) {
    const fsa = row.zip.toUpperCase();
    const province = provinceForFsa(fsa);
    if (!province || !Number.isFinite(row.latitude) || !Number.isFinite(row.longitude)) continue;
    postal.set(fsa, { code: fsa, country: 'CA', province, latitude: row.latitude, longitude: row.longitude });
    const metro = metroCity(fsa);
    const derived = cityFromFsaLabel(row.city);
    if (metro) add(metro, province, 'CA', row, true);
    // A borough or former municipality ("North York", "Kanata") stays findable on its own.
    // "Central Toronto" or "Downtown Montreal" add nothing to the metro entry itself.
    if (derived && (!metro || !cityKey(derived).includes(cityKey(metro)))) add(derived, province, 'CA', row, !metro);
  }

  const majorByKey = new Map(
    MAJOR_CITIES.map(([name, province, lat, lon], rank) => [`${cityKey(name)}|${province}`, { lat, lon, rank }]),
  );
  const cities: CityPlace[] = [];
  const builtFrom = new Map<Builder, CityPlace>();
  for (const [id, b] of builders) {
    const major = majorByKey.get(id);
    const latitude = major?.lat ?? median(b.lats);
    const longitude = major?.lon ?? median(b.lons);
    let best = 0;
    let zip = b.codes[0]!;
    for (let i = 0; i < b.codes.length; i++) {
      const d = squaredDistance(latitude, longitude, b.lats[i]!, b.lons[i]!);
      if (i === 0 || d < best) {
        best = d;
        zip = b.codes[i]!;
      }
    }
    const name = [...b.nameVotes].sort((x, y) => y[1] - x[1])[0]![0];
    const place: CityPlace = {
      name: major ? MAJOR_CITIES[major.rank]![0] : name,
      province: b.province,
      country: b.country,
      latitude: round(latitude),
      longitude: round(longitude),
      weight: b.codes.length * (b.country === 'CA' ? 2 : 1),
      zip,
    };
    cities.push(place);
    builtFrom.set(b, place);
  }
  for (const [code, b] of postalCity) {
    const p = postal.get(code);
    if (p) p.city = builtFrom.get(b);
  }

  const byKey = new Map<string, CityPlace[]>();
  const keyOf = new Map<CityPlace, string>();
  for (const c of cities) {
    const key = cityKey(c.name);
    keyOf.set(c, key);
    const list = byKey.get(key) ?? [];
    list.push(c);
    byKey.set(key, list);
  }
  for (const list of byKey.values()) list.sort((a, b) => b.weight - a.weight);
  const ranked = [...cities].sort((a, b) => b.weight - a.weight);
  const majors = MAJOR_CITIES.map(([name, province]) =>
    byKey.get(cityKey(name))?.find((c) => c.province === province),
  ).filter((c): c is CityPlace => c !== undefined);
  const fits = (c: CityPlace, where: CityQuery | undefined) =>
    (!where?.province || c.province === where.province) && (!where?.country || c.country === where.country);

  function nearestCity(latitude: number, longitude: number, province: string): CityPlace | undefined {
    let best: CityPlace | undefined;
    let bestDistance = Infinity;
    for (const c of cities) {
      if (c.province !== province) continue;
      const d = squaredDistance(latitude, longitude, c.latitude, c.longitude);
      if (d < bestDistance) {
        bestDistance = d;
        best = c;
      }
    }
    return best;
  }

  let grid: PostalGrid | undefined;
  // The city named for a postal place without one of its own (an FSA labelled by region) is
  // the city nearest its centroid, as forward geocoding names it; found once per FSA.
  const fallbackCity = new Map<PostalPlace, string>();
  const cityOfPostal = (p: PostalPlace): string => {
    if (p.city) return p.city.name;
    let name = fallbackCity.get(p);
    if (name === undefined) {
      name = nearestCity(p.latitude, p.longitude, p.province)?.name ?? '';
      fallbackCity.set(p, name);
    }
    return name;
  };

  return {
    size: { cities: cities.length, postalCodes: postal.size },
    postal(code) {
      const compact = code.replace(/[\s-]/g, '').toUpperCase();
      if (/^[A-Z]\d[A-Z](\d[A-Z]\d)?$/.test(compact)) return postal.get(compact.slice(0, 3));
      if (/^\d{5}(\d{4})?$/.test(compact)) return postal.get(compact.slice(0, 5));
      return undefined;
    },
    findCity(name, where) {
      return byKey.get(cityKey(name))?.find((c) => fits(c, where));
    },
    isCity(name) {
      return byKey.has(cityKey(name));
    },
    citiesByPrefix(prefix, where) {
      const folded = cityKey(prefix);
      // No text: the biggest cities of the province asked for.
      if (!folded && !where.province) return [];
      const out: CityPlace[] = [];
      for (const c of ranked) {
        if (!fits(c, where) || !keyOf.get(c)!.startsWith(folded)) continue;
        out.push(c);
        if (out.length >= where.limit) break;
      }
      // An alias ("nyc") names its city exactly.
      const exact = byKey.get(folded)?.filter((c) => fits(c, where) && !out.includes(c)) ?? [];
      return [...exact, ...out].slice(0, where.limit);
    },
    majorCities(limit, where) {
      return majors.filter((c) => fits(c, where)).slice(0, limit);
    },
    nearestCity,
    nearestPostal(latitude, longitude, maxKm = NEAREST_POSTAL_MAX_KM) {
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || !(maxKm >= 0))
        return undefined;
      const lon = ((((longitude + 180) % 360) + 360) % 360) - 180;
      grid ??= buildPostalGrid(postal.values());
      const { index, km } = nearestInGrid(grid, latitude, lon, maxKm);
      if (index < 0) return undefined;
      const p = grid.places[index]!;
      return {
        postal: p,
        country: p.country,
        province: p.province,
        city: cityOfPostal(p),
        distanceKm: Math.round(km * 1000) / 1000,
      };
    },
  };
}

function round(n: number): number {
  return Math.round(n * 1e5) / 1e5;
}

let loaded: Gazetteer | undefined;

/** Built on first use (about a quarter of a second), then shared by every request. */
export function loadGazetteer(): Gazetteer {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const usPath = require.resolve('zipcodes/lib/codes.js');
  const caPath = require.resolve('zipcodes/lib/codesCanada.js');
  const us = require(usPath) as { codes: Record<string, ZipRow> };
  const ca = require(caPath) as { codes: Record<string, ZipRow> };
  loaded = build(Object.values(us.codes), Object.values(ca.codes));
  // The raw rows are no longer needed: let the module cache drop them.
  delete require.cache[usPath];
  delete require.cache[caPath];
  return loaded;
}

/** For tests: a gazetteer over given rows. */
export function buildGazetteer(usRows: ZipRow[], caRows: ZipRow[]): Gazetteer {
  return build(usRows, caRows);
}
export type { ZipRow };
