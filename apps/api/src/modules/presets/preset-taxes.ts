import { combinedTaxName, combinedTaxRate, taxesFor, type PlaceOfSupply, type TaxCategory } from '@caterway/domain';
import { localDateTime } from '../orders/orders.email.js';
import type { DeliveryContext } from './delivery-context.js';

// The preset's taxRate / taxName (ordering-payments §3 Preset) for the visitor's delivery
// context (issue 17): the taxes of the delivery address's place of supply on the chosen date,
// or, with no address (or one the table has no rate for), the restaurant's place; today when
// no date is chosen. tax_lines lists each tax, which the storefront's totals round one by one.

export interface TaxHome {
  /** the lead restaurant's place: the pickup place of supply */
  place: PlaceOfSupply;
  timeZone: string;
}

export interface PresetTaxFields {
  tax_rate: number;
  tax_name: string;
  tax_lines: { name: string; rate_percent: number; jurisdiction: string | null; only_on: TaxCategory | null }[];
}

export function presetTaxFields(
  home: TaxHome | null,
  ctx: Pick<DeliveryContext, 'date' | 'now' | 'place'>,
): PresetTaxFields {
  const date = ctx.date ?? (home ? localDateTime(ctx.now, home.timeZone).date : ctx.now.toISOString().slice(0, 10));
  const taxes = (ctx.place ? taxesFor(ctx.place, date) : null) ?? (home ? taxesFor(home.place, date) : null) ?? [];
  return {
    tax_rate: combinedTaxRate(taxes),
    tax_name: combinedTaxName(taxes),
    tax_lines: taxes.map((t) => ({
      name: t.name,
      rate_percent: t.ratePercent,
      jurisdiction: t.jurisdiction,
      only_on: t.onlyOn ?? null,
    })),
  };
}
