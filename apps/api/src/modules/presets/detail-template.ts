import { presetDetailResponseSchema, type PresetDetail } from '@caterway/contracts';
import { prepareJson, type PreparedJson } from '../../lib/serialised-json.js';
import type { DeliveryContext } from './delivery-context.js';
import { presetTaxFields, type PresetTaxFields, type TaxHome } from './preset-taxes.js';
import { presetCardVisitorFields } from './presets.mappers.js';
import type { CardRow } from './presets.repository.js';

// A preset detail kept already serialised (docs/decisions/018-catalogue-read-cache.md). The
// answer is catalogue data except the fields that depend on the visitor (favourite, distance,
// availability: presetCardVisitorFields; the taxes of the place of supply: presetTaxFields); the
// template is the answer validated against its schema and serialised once, cut where those go, so
// a request only writes them in. A visitor whose values are those of a visitor with no address,
// date or favourites gets the same bytes as everyone such, kept ready to send (Buffer, ETag,
// compressed forms).

const VISITOR_FIELDS = [
  'favorite',
  'distance',
  'available_for_ordering',
  'all_in_per_person_cents',
  'all_in_heads',
  'tax_rate',
  'tax_name',
  'tax_lines',
  'sold_out',
] as const;
type VisitorField = (typeof VISITOR_FIELDS)[number];
// NUL cannot occur in PostgreSQL text, so these markers cannot collide with catalogue data
const marker = (field: VisitorField) => `\u0000${field}`;
const MARKED = new RegExp(`"\\\\u0000(${VISITOR_FIELDS.join('|')})"`);

export interface DetailTemplate {
  /** the card row the visitor's fields are computed from */
  row: CardRow;
  /** the lead restaurant's place and zone: the taxes without a delivery address */
  home: TaxHome | null;
  /** serialised text around the visitor's fields: text, field, text, field, ..., text */
  parts: string[];
  /** the answer for the visitor fields' values of a visitor with no address, date or favourites */
  neutral: { values: VisitorValues; answer: PreparedJson };
}

/**
 * What is sold out at the request's moment (decision 053): read per request, never kept with the
 * template, since an 86 that runs out at the end of the day announces nothing.
 */
export interface SoldOut {
  menu_ids: number[];
  menu_item_ids: number[];
}
export const NOTHING_SOLD_OUT: SoldOut = Object.freeze({ menu_ids: [], menu_item_ids: [] });

type VisitorValues = ReturnType<typeof presetCardVisitorFields> & PresetTaxFields & { sold_out: SoldOut };
const NO_VISITOR: DeliveryContext = { point: null, date: null, time: null, now: new Date(0) };

const visitorValues = (row: CardRow, home: TaxHome | null, ctx: DeliveryContext, soldOut: SoldOut): VisitorValues => ({
  ...presetCardVisitorFields(row, ctx),
  ...presetTaxFields(home, ctx),
  sold_out: soldOut,
});

/** Validates the answer once (as the route's serializer would) and cuts it where the visitor's fields go. */
export function toDetailTemplate(
  row: CardRow,
  body: { preset: PresetDetail },
  home: TaxHome | null,
  now: Date,
): DetailTemplate {
  const { preset } = presetDetailResponseSchema.parse(body);
  const marked = { preset: { ...preset, ...Object.fromEntries(VISITOR_FIELDS.map((f) => [f, marker(f)])) } };
  const parts = JSON.stringify(marked).split(MARKED);
  if (parts.length !== VISITOR_FIELDS.length * 2 + 1)
    throw new Error('preset detail template: visitor fields not found once each');
  // the card's fields without an address or date do not depend on the clock (NO_VISITOR's now);
  // the taxes are today's (a rate change at midnight makes later visitors' values differ)
  const values = visitorValues(row, home, { ...NO_VISITOR, now }, NOTHING_SOLD_OUT);
  return { row, home, parts, neutral: { values, answer: prepareJson(fill(parts, values)) } };
}

/**
 * The serialised answer for this visitor: exactly JSON.stringify of the validated answer; the
 * kept bytes when the visitor's fields are the neutral visitor's.
 */
export function renderDetail(
  template: DetailTemplate,
  ctx: DeliveryContext,
  soldOut: SoldOut = NOTHING_SOLD_OUT,
): string | PreparedJson {
  const values = visitorValues(template.row, template.home, ctx, soldOut);
  const { neutral } = template;
  if (VISITOR_FIELDS.every((f) => JSON.stringify(values[f]) === JSON.stringify(neutral.values[f])))
    return neutral.answer;
  return fill(template.parts, values);
}

function fill(parts: string[], values: VisitorValues): string {
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) out += JSON.stringify(values[parts[i] as VisitorField]) + parts[i + 1]!;
  return out;
}

/** The uncached answer (a user's saved cart): validated and serialised like the route's serializer. */
export function serialiseDetail(body: { preset: PresetDetail }): string {
  return JSON.stringify(presetDetailResponseSchema.parse(body));
}
