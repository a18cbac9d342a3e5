import type { RestaurantCard } from '@caterway/contracts';
import { nextOpenTime } from '@caterway/domain';
import type { CapacityService, SlotQuery } from '../capacity/capacity.service.js';
import { displayDateTime } from '../orders/orders.email.js';
import { deliveryAt, type DeliveryContext } from './delivery-context.js';
import { wallTime } from './preset-availability.js';
import { noticeHours } from './presets.mappers.js';
import type { CardRow } from './presets.repository.js';

/**
 * The next time a restaurant that cannot take the order at the chosen time can (issue 20 §2): for
 * a card unavailable because it is closed that day or hour, short of notice or paused, the first
 * delivery time its calendar takes from the chosen one on (domain nextOpenTime, the rule checkout
 * applies); null when it is out of the delivery area (no time fixes that) or nothing opens within
 * NEXT_AVAILABLE_DAYS. Capacity is not counted here: a full restaurant's next time is withCapacity's.
 */
export function withNextOpen(card: RestaurantCard, row: CardRow, ctx: DeliveryContext): RestaurantCard {
  const lead = row.chefs[0];
  const reason = card.unavailable_reason;
  if (!lead || card.available_for_ordering || reason === null || reason === 'distance' || reason === 'full')
    return card;
  const from = deliveryAt(ctx, lead.time_zone);
  if (!from) return card;
  const next = nextOpenTime({
    storeHours: lead.store_hours,
    calendar: lead.calendar,
    timeZone: lead.time_zone,
    noticeHours: noticeHours(row),
    now: ctx.now,
    from,
  });
  return next
    ? { ...card, next_available: { ...wallTime(next, lead.time_zone), text: displayDateTime(next, lead.time_zone) } }
    : card;
}

/**
 * Restaurant cards with their capacity at the chosen delivery time (issue 19 part 2): a
 * restaurant whose day or window is full reads as unavailable ('full') with the next time it has
 * room, as its page and checkout say. Only restaurants the calendar already lets through, and of
 * those only the ones with a limit, are counted (capacity.fullAmong); without a chosen date
 * nothing is asked. `cards[i]` is `rows[i]`'s card.
 */
export async function withCapacity(
  cards: RestaurantCard[],
  rows: readonly CardRow[],
  ctx: DeliveryContext,
  capacity: Pick<CapacityService, 'fullAmong'>,
): Promise<RestaurantCard[]> {
  if (!ctx.date) return cards;
  cards = cards.map((card, i) => (rows[i] ? withNextOpen(card, rows[i], ctx) : card));
  const slots: SlotQuery[] = [];
  rows.forEach((row, i) => {
    const lead = row.chefs[0];
    const at = lead ? deliveryAt(ctx, lead.time_zone) : null;
    if (!lead || !at || !cards[i]?.available_for_ordering) return;
    slots.push({
      chefId: lead.id,
      at,
      now: ctx.now,
      noticeHours: noticeHours(row),
      storeHours: lead.store_hours,
      calendar: lead.calendar,
      timeZone: lead.time_zone,
    });
  });
  const full = await capacity.fullAmong(slots);
  if (!full.size) return cards;
  return cards.map((card, i) => {
    const lead = rows[i]?.chefs[0];
    if (!lead || !card.available_for_ordering || !full.has(lead.id)) return card;
    const next = full.get(lead.id) ?? null;
    return {
      ...card,
      available_for_ordering: false,
      unavailable_reason: 'full',
      next_available: next ? { ...wallTime(next, lead.time_zone), text: displayDateTime(next, lead.time_zone) } : null,
    };
  });
}
