// The sales taxes Caterway charges on catering (prepared food and its delivery), by place of
// supply and date (docs/decisions/033). Caterway is the merchant of record: the tax is the one
// of the place the food is supplied at, the delivery address for delivery and the restaurant
// for pickup, on the delivery date. Each row is one tax of one jurisdiction over a period:
// a rate change is a new row from its date, and the old row ends the day before, so an order
// delivered on a date is taxed at the rates in force that day wherever and whenever it was
// placed. Every row cites where its rate comes from; docs/taxes.md gives the table in full.

import type { TaxCategory, TaxComponent } from './totals.js';

export type TaxCountry = 'CA' | 'US';

export interface TaxRateRow {
  country: TaxCountry;
  /** province, territory or state code: ON, QC, WA */
  region: string;
  /** a US city (its sales tax has a local part); null: the whole region */
  locality: string | null;
  /** the line's name on orders and invoices: GST, HST, QST, PST, RST, Sales Tax */
  name: string;
  /** percent with at most 3 decimals */
  ratePercent: number;
  /** first delivery date the rate applies to, YYYY-MM-DD */
  effectiveFrom: string;
  /** last delivery date it applies to (inclusive); null: still in force */
  effectiveTo: string | null;
  source: string;
  /** thresholds, exemptions and how the rate is made up */
  note?: string;
  /** a tax on one category of dishes only (BC PST on soda beverages); absent: on the whole order */
  onlyOn?: TaxCategory;
}

/** Where the food is supplied: a province or state, and for the US the city (local sales tax). */
export interface PlaceOfSupply {
  country: TaxCountry;
  region: string;
  /** the city of the address; matters only where a row names a locality */
  locality?: string | null;
}

const CRA_RATES = 'Canada Revenue Agency, "GST/HST rates" (canada.ca/gst-hst-rates); Excise Tax Act s. 165';
const GST_PROVINCES = ['AB', 'BC', 'MB', 'NT', 'NU', 'QC', 'SK', 'YT'] as const;

const gstRows = (): TaxRateRow[] =>
  GST_PROVINCES.map((region) => ({
    country: 'CA',
    region,
    locality: null,
    name: 'GST',
    ratePercent: 5,
    effectiveFrom: '2008-01-01',
    effectiveTo: null,
    source: CRA_RATES,
    note: 'Prepared food and catering are taxable supplies (not zero-rated basic groceries).',
  }));

const WA_Q1_2026 =
  'Washington Department of Revenue, "Local sales & use tax rates", Q1 2026 rate table (effective 2026-01-01)';
const waCity = (locality: string, ratePercent: number, parts: string): TaxRateRow => ({
  country: 'US',
  region: 'WA',
  locality,
  name: 'Sales Tax',
  ratePercent,
  effectiveFrom: '2026-01-01',
  effectiveTo: null,
  source: WA_Q1_2026,
  note: `State 6.5% + local ${parts}. Restaurant and catering food is taxable in Washington.`,
});

const NY_PUB_718 =
  'New York State Department of Taxation and Finance, Publication 718 "Sales and Use Tax Rates by Jurisdiction"';

// Built by pure calls (annotated for the bundler): pages that never look up a tax carry none of it.
export const TAX_TABLE: readonly TaxRateRow[] = /* @__PURE__ */ buildTable();

function buildTable(): TaxRateRow[] {
  return [
    // ---- Canada: GST in the provinces and territories without HST
    ...gstRows(),
    // ---- HST provinces (one harmonized tax: federal 5% + provincial part)
    {
      country: 'CA',
      region: 'ON',
      locality: null,
      name: 'HST',
      ratePercent: 13,
      effectiveFrom: '2010-07-01',
      effectiveTo: null,
      source: CRA_RATES,
      note: "Ontario's point-of-sale rebate of the 8% provincial part on prepared food of $4.00 or less excludes catering and delivered orders (CRA GST/HST Info Sheet GI-064), so it never applies here.",
    },
    {
      country: 'CA',
      region: 'NS',
      locality: null,
      name: 'HST',
      ratePercent: 15,
      effectiveFrom: '2010-07-01',
      effectiveTo: '2025-03-31',
      source: CRA_RATES,
    },
    {
      country: 'CA',
      region: 'NS',
      locality: null,
      name: 'HST',
      ratePercent: 14,
      effectiveFrom: '2025-04-01',
      effectiveTo: null,
      source: `${CRA_RATES}; Nova Scotia Budget 2025-26 (provincial part from 10% to 9% on April 1, 2025)`,
    },
    {
      country: 'CA',
      region: 'NB',
      locality: null,
      name: 'HST',
      ratePercent: 15,
      effectiveFrom: '2016-07-01',
      effectiveTo: null,
      source: CRA_RATES,
    },
    {
      country: 'CA',
      region: 'NL',
      locality: null,
      name: 'HST',
      ratePercent: 15,
      effectiveFrom: '2016-07-01',
      effectiveTo: null,
      source: CRA_RATES,
    },
    {
      country: 'CA',
      region: 'PE',
      locality: null,
      name: 'HST',
      ratePercent: 15,
      effectiveFrom: '2016-10-01',
      effectiveTo: null,
      source: CRA_RATES,
    },
    // ---- provincial sales taxes charged beside the GST
    {
      country: 'CA',
      region: 'QC',
      locality: null,
      name: 'QST',
      ratePercent: 9.975,
      effectiveFrom: '2013-01-01',
      effectiveTo: null,
      source: 'Revenu Québec, "QST rate" (revenuquebec.ca); Act respecting the Québec sales tax s. 16',
      note: 'Computed on the price without GST since 2013 and rounded as its own line, separately from the GST.',
    },
    {
      country: 'CA',
      region: 'SK',
      locality: null,
      name: 'PST',
      ratePercent: 6,
      effectiveFrom: '2017-04-01',
      effectiveTo: null,
      source:
        'Saskatchewan Information Notice IN 2017-03 "PST on Restaurant Meals, Food and Beverages"; Information Bulletin PST-33 (restaurants and caterers)',
      note: 'Restaurant meals and prepared food taxable from April 1, 2017, on the same basis as the GST.',
    },
    {
      country: 'CA',
      region: 'MB',
      locality: null,
      name: 'RST',
      ratePercent: 7,
      effectiveFrom: '2019-07-01',
      effectiveTo: null,
      source:
        'Manitoba Finance, The Retail Sales Tax Act; RST Bulletin 029 "Food and Beverages" (prepared food for immediate consumption is taxable)',
      note: 'Computed on the selling price before GST. The rate went from 8% to 7% on July 1, 2019.',
    },
    // BC: PST (7%) does not apply to food for human consumption, prepared and restaurant food
    // included, so catering carries GST only; since April 1, 2021 it applies to soda beverages
    // (sweetened carbonated or effervescent drinks) wherever they are sold, a meal's included:
    // the soda beverages of an order, on their price.
    {
      country: 'CA',
      region: 'BC',
      locality: null,
      name: 'PST (soda beverages)',
      ratePercent: 7,
      effectiveFrom: '2021-04-01',
      effectiveTo: null,
      onlyOn: 'soda_beverage',
      source:
        'BC Provincial Sales Tax Act, exemption for food products for human consumption; BC Ministry of Finance, "Notice to Sellers of Soda Beverages" (PST on soda beverages from April 1, 2021)',
      note: 'On the soda beverages only (soft drinks, sparkling juice, kombucha): no PST on prepared food, the delivery fee or cutlery.',
    },

    // ---- United States: state + local sales tax of the delivery city, one line
    {
      country: 'US',
      region: 'NY',
      locality: 'New York City',
      name: 'Sales Tax',
      ratePercent: 8.875,
      effectiveFrom: '2009-08-01',
      effectiveTo: null,
      source: NY_PUB_718,
      note: 'State 4% + New York City 4.5% + Metropolitan Commuter Transportation District 0.375%; restaurant and catering food is taxable.',
    },
    {
      country: 'US',
      region: 'NY',
      locality: 'Yonkers',
      name: 'Sales Tax',
      ratePercent: 8.875,
      effectiveFrom: '2009-08-01',
      effectiveTo: null,
      source: NY_PUB_718,
      note: 'State 4% + Yonkers 4.5% + MCTD 0.375%.',
    },
    {
      country: 'US',
      region: 'NY',
      locality: 'Mount Vernon',
      name: 'Sales Tax',
      ratePercent: 8.375,
      effectiveFrom: '2009-08-01',
      effectiveTo: null,
      source: NY_PUB_718,
      note: 'State 4% + Mount Vernon 4% + MCTD 0.375%.',
    },
    {
      country: 'US',
      region: 'NY',
      locality: 'New Rochelle',
      name: 'Sales Tax',
      ratePercent: 8.375,
      effectiveFrom: '2009-08-01',
      effectiveTo: null,
      source: NY_PUB_718,
      note: 'State 4% + New Rochelle 4% + MCTD 0.375%.',
    },
    {
      country: 'US',
      region: 'NY',
      locality: 'White Plains',
      name: 'Sales Tax',
      ratePercent: 8.375,
      effectiveFrom: '2009-08-01',
      effectiveTo: null,
      source: NY_PUB_718,
      note: 'State 4% + White Plains 4% + MCTD 0.375%.',
    },
    {
      country: 'US',
      region: 'NJ',
      locality: null,
      name: 'Sales Tax',
      ratePercent: 6.625,
      effectiveFrom: '2018-01-01',
      effectiveTo: null,
      source: 'New Jersey Division of Taxation, "Sales and Use Tax" (rate 6.625% from January 1, 2018)',
      note: 'One statewide rate, no local sales taxes; prepared food is taxable.',
    },
    waCity('Seattle', 10.55, '4.05% (King County, Seattle, Sound Transit RTA)'),
    waCity('Bellevue', 10.3, '3.8%'),
    waCity('Bothell', 10.3, '3.8%'),
    waCity('Burien', 10.3, '3.8%'),
    waCity('Clyde Hill', 10.3, '3.8%'),
    waCity('Auburn', 10.4, '3.9%'),
    waCity('Des Moines', 10.4, '3.9%'),
    waCity('Kent', 10.4, '3.9%'),
    waCity('SeaTac', 10.4, '3.9%'),
    waCity('Edmonds', 10.6, '4.1%'),
  ];
}

/**
 * Post-office names inside a taxing city: a Queens ZIP's city is its neighbourhood ("Flushing"),
 * but the address is in New York City and pays its sales tax.
 */
const LOCALITY_ALIASES: Record<string, Record<string, string>> = /* @__PURE__ */ buildAliases();

function buildAliases(): Record<string, Record<string, string>> {
  return {
    NY: Object.fromEntries(
      [
        'New York',
        'New York City',
        'NYC',
        'Manhattan',
        'Brooklyn',
        'Bronx',
        'The Bronx',
        'Staten Island',
        'Queens',
        'Astoria',
        'Long Island City',
        'Flushing',
        'Jamaica',
        'Forest Hills',
        'Elmhurst',
        'East Elmhurst',
        'Jackson Heights',
        'Corona',
        'Woodside',
        'Sunnyside',
        'Ridgewood',
        'Maspeth',
        'Middle Village',
        'Rego Park',
        'Kew Gardens',
        'Richmond Hill',
        'South Richmond Hill',
        'Woodhaven',
        'Ozone Park',
        'South Ozone Park',
        'Howard Beach',
        'Bayside',
        'Whitestone',
        'College Point',
        'Fresh Meadows',
        'Oakland Gardens',
        'Little Neck',
        'Douglaston',
        'Glen Oaks',
        'Bellerose',
        'Hollis',
        'Queens Village',
        'Saint Albans',
        'St Albans',
        'Springfield Gardens',
        'Rosedale',
        'Cambria Heights',
        'Far Rockaway',
        'Arverne',
        'Rockaway Park',
        'Breezy Point',
      ].map((name) => [localityKey(name), 'New York City']),
    ),
  };
}

function localityKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\bsaint\b/g, 'st')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function inForce(row: TaxRateRow, date: string): boolean {
  return row.effectiveFrom <= date && (row.effectiveTo === null || date <= row.effectiveTo);
}

/** The table's name for the place's city: itself, or the taxing city its post office lies in. */
function canonicalLocality(region: string, locality: string | null | undefined): string | null {
  if (!locality?.trim()) return null;
  const key = localityKey(locality);
  return LOCALITY_ALIASES[region]?.[key] ?? locality.trim();
}

export interface TaxLineRule extends TaxComponent {
  /** "Seattle, WA" on US lines (invoices show the jurisdiction); null for Canadian taxes */
  jurisdiction: string | null;
  source: string;
}

/**
 * The taxes of a place of supply on a delivery date, in the order they are shown (GST before
 * QST). Null when the table does not cover the place: a US city whose local rate Caterway has
 * not set up, or a date before the table starts. Callers refuse such an order rather than guess.
 */
export function taxesFor(place: PlaceOfSupply, date: string): TaxLineRule[] | null {
  if (!ISO_DATE.test(date)) throw new RangeError('date must be YYYY-MM-DD');
  const region = place.region.trim().toUpperCase();
  const inRegion = TAX_TABLE.filter((r) => r.country === place.country && r.region === region && inForce(r, date));
  if (!inRegion.length) return null;
  let rows = inRegion.filter((r) => r.locality === null);
  if (place.country === 'US') {
    const city = canonicalLocality(region, place.locality);
    const local = city
      ? inRegion.filter((r) => r.locality !== null && localityKey(r.locality) === localityKey(city))
      : [];
    if (local.length) rows = local;
  }
  if (!rows.length) return null;
  return rows.map((r) => ({
    name: r.name,
    ratePercent: r.ratePercent,
    ...(r.onlyOn ? { onlyOn: r.onlyOn } : {}),
    jurisdiction: r.country === 'US' ? `${r.locality ?? regionNameFor(r.region)}, ${r.region}` : null,
    source: r.source,
  }));
}

const US_REGION_NAMES: Record<string, string> = { NJ: 'New Jersey', NY: 'New York', WA: 'Washington' };
const regionNameFor = (region: string) => US_REGION_NAMES[region] ?? region;

/** The rates a jurisdiction has had, oldest first (for docs and the dated-table tests). */
export function taxHistory(country: TaxCountry, region: string, locality: string | null = null): TaxRateRow[] {
  return TAX_TABLE.filter((r) => r.country === country && r.region === region && r.locality === locality).sort((a, b) =>
    a.effectiveFrom.localeCompare(b.effectiveFrom),
  );
}
