import type { DeliveryQuery } from '@caterway/contracts/client';
import { dietaryNeedsOf, type DietaryNeed } from '@caterway/domain';

/**
 * Where and when the user wants the food (the delivery bar's details, browse-account-orders §3).
 * The route reads them from the delivery store and passes them in: features do not import
 * each other.
 */
export interface DeliveryContext {
  address: string;
  lat: number | null;
  lng: number | null;
  /** yyyy-MM-dd */
  deliveryDate: string;
  /** hh:mm a */
  deliveryTime: string;
  /** how many people (the headcount store): the cards' all-in price is for them */
  headcount?: number | null;
}

/** Query parameters of the delivery context: coordinates when known, else the address text (ordering-payments §7). */
export function deliveryQuery(ctx: DeliveryContext): DeliveryQuery {
  const placed = ctx.lat !== null && ctx.lng !== null;
  return {
    lat: placed ? ctx.lat : undefined,
    lng: placed ? ctx.lng : undefined,
    address: placed ? undefined : ctx.address || undefined,
    delivery_date: ctx.deliveryDate,
    delivery_time: ctx.deliveryTime,
    headcount: ctx.headcount ?? undefined,
  };
}

/** dietary_types=...: the needs in their canonical order (one query key whatever the click order), or absent. */
export function dietaryParam(needs: readonly DietaryNeed[] | undefined): string | undefined {
  const list = dietaryNeedsOf(needs ?? []);
  return list.length > 0 ? list.join(',') : undefined;
}
